/**
 * What an import file may hold, checked before it is parsed (past these: 413), so reading one
 * takes a few seconds and under 200 MB (the import worker's heap is 256 MB). The demo's Augusta
 * National GeoJSON holds 15,000 JSON arrays and objects; 500,000 take about 120 MB. The OSM XML
 * reader (a DOM, then osmtogeojson) needs about 2 KB per element: 80,000 elements, a 3 MB export,
 * take about 170 MB.
 */
export const IMPORT_READ_LIMITS = {
  /** Nesting of JSON arrays and objects, or of XML elements. */
  maxDepth: 64,
  /** JSON arrays and objects (every position is an array). */
  maxJsonContainers: 500_000,
  /** XML elements (every node, way, tag and node reference is one). */
  maxXmlElements: 80_000,
  /** Hole lines (golf=hole) before they are matched: a course has at most MAX_HOLES. */
  maxHoleLines: 200,
} as const;

