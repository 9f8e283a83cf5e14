import type { FeatureCollection, Geometry } from 'geojson';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import osmtogeojson from 'osmtogeojson';
import { badRequest, HttpError } from '../../platform/errors';
import { IMPORT_READ_LIMITS } from './limits';

/** A GeoJSON FeatureCollection converted from OSM XML, with the export's `generator`. */
export type OsmFeatureCollection = FeatureCollection<Geometry> & { generator: string };

/**
 * Converts an OpenStreetMap XML export (.osm, as openstreetmap.org, JOSM or Overpass write it) to
 * GeoJSON with flat tag properties. Closed golf=hole, golf=cartpath and golf=path ways stay lines.
 * Answers 400 for text that is not XML or XML without OSM nodes and ways.
 */
export function osmXmlToGeoJson(xml: string): OsmFeatureCollection {
  checkXmlShape(xml);
  let doc;
  try {
    doc = new DOMParser({ onError: onErrorStopParsing, locator: false }).parseFromString(xml, 'text/xml');
  } catch (err) {
    const reason = err instanceof Error ? parseReason(err.message) : '';
    throw reason ? badRequest('imports.invalidXmlReason', { reason }) : badRequest('imports.invalidXml');
  }
  const root = doc.documentElement;
  if (!root || root.nodeName !== 'osm') {
    throw badRequest('imports.noOsmElement');
  }
  if (root.getElementsByTagName('node').length === 0) {
    throw badRequest('imports.noOsmData');
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

/**
 * Checks XML text before a DOM is built of it (about 2 KB of memory per element): at most
 * IMPORT_READ_LIMITS.maxXmlElements elements nested at most maxDepth deep, and no entity
 * declarations (an OpenStreetMap export has none; they are how XML expands a few bytes into
 * gigabytes). One pass, counting tags; comments and CDATA may make it count a few too many.
 */
export function checkXmlShape(xml: string): void {
  if (/<!ENTITY/i.test(xml)) throw badRequest('imports.xmlEntities');
  let elements = 0;
  let depth = 0;
  for (let at = xml.indexOf('<'); at >= 0; at = xml.indexOf('<', at + 1)) {
    const next = xml.charCodeAt(at + 1);
    if (next === 0x2f) {
      depth--;
      continue;
    }
    // '!' (comments, CDATA, doctype) and '?' (declarations) open no element.
    if (next === 0x21 || next === 0x3f) continue;
    if (++elements > IMPORT_READ_LIMITS.maxXmlElements) {
      throw new HttpError(413, 'imports.tooManyXmlElements', { max: IMPORT_READ_LIMITS.maxXmlElements });
    }
    const end = xml.indexOf('>', at);
    if (end < 0) break;
    if (xml.charCodeAt(end - 1) !== 0x2f && ++depth > IMPORT_READ_LIMITS.maxDepth) {
      throw new HttpError(413, 'imports.tooDeep', { max: IMPORT_READ_LIMITS.maxDepth });
    }
    at = end;
  }
}
