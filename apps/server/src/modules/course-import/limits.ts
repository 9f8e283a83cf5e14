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
  /**
   * Units of geometry work (segment-index.ts: about 70 ns each) matching one file's features to
   * its holes may take, about 1.5 s here; past it the file is refused (413). The Augusta National
   * export takes 0.1 million; the largest files the tests build within the other limits (a hole
   * line and a rough of 220,000 points each, a green of 350,000 corners with 11,000 pins, 49,000
   * bunkers, 110,000 trees sharing one id, 27 crowded hole lines) at most 5.2 million. Only shapes
   * built to defeat the indexes (thousands of long edges lying over one another) come near it.
   */
  maxMatchingWork: 20_000_000,
} as const;

