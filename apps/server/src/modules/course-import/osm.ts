import type { FeatureCollection, Geometry } from 'geojson';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import osmtogeojson from 'osmtogeojson';
import { badRequest } from '../../platform/errors';

/** A GeoJSON FeatureCollection converted from OSM XML, with the export's `generator`. */
export type OsmFeatureCollection = FeatureCollection<Geometry> & { generator: string };

/**
 * Converts an OpenStreetMap XML export (.osm, as openstreetmap.org, JOSM or Overpass write it) to
 * GeoJSON with flat tag properties. Closed golf=hole, golf=cartpath and golf=path ways stay lines.
 * Answers 400 for text that is not XML or XML without OSM nodes and ways.
 */
export function osmXmlToGeoJson(xml: string): OsmFeatureCollection {
  let doc;
  try {
    doc = new DOMParser({ onError: onErrorStopParsing, locator: false }).parseFromString(xml, 'text/xml');
  } catch (err) {
    const reason = err instanceof Error ? parseReason(err.message) : '';
    throw badRequest(`The file is not valid XML${reason ? `: ${reason}` : ''}`);
  }
  const root = doc.documentElement;
  if (!root || root.nodeName !== 'osm') {
    throw badRequest('The XML file holds no OpenStreetMap data: an .osm file starts with an <osm> element');
  }
  if (root.getElementsByTagName('node').length === 0) {
    throw badRequest('The XML file holds no OpenStreetMap data: it has no nodes or ways');
  }
  const collection = osmtogeojson(doc, {
    flatProperties: true,
    polygonFeatures: {
      golf: { excluded_values: { hole: true, cartpath: true, path: true, pin: true } },
    },
  });
  return { ...collection, generator: root.getAttribute('generator') || 'OpenStreetMap' };
}

/** The parser's own words, without the wrapper text of onErrorStopParsing. */
function parseReason(message: string): string {
  const line = message.split('\n')[0];
  const wrapped = /^Reporting error "(.*)" caused onErrorStopParsing/.exec(line);
  return (wrapped ? wrapped[1] : line).slice(0, 200);
}
