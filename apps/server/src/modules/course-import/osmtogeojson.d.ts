// The osmtogeojson package ships no types; this is the part of its API the course import uses.
declare module 'osmtogeojson' {
  import type { FeatureCollection, Geometry } from 'geojson';

  interface OsmToGeoJsonOptions {
    flatProperties?: boolean;
    verbose?: boolean;
    uninterestingTags?: Record<string, boolean> | ((tags: Record<string, string>, ignoreTags: Record<string, boolean>) => boolean);
    polygonFeatures?: Record<string, true | { included_values?: Record<string, true>; excluded_values?: Record<string, true> }>;
  }

  /** Converts OSM XML (a DOM document) or Overpass JSON to GeoJSON. */
  function osmtogeojson(data: unknown, options?: OsmToGeoJsonOptions): FeatureCollection<Geometry>;
  export default osmtogeojson;
}
