import { describe, expect, it } from 'vitest';
import { isImportFile, otherCount } from './api/import-course';

describe('course import helpers', () => {
  it('accepts GeoJSON and OpenStreetMap files only', () => {
    expect(isImportFile('augusta-national.geojson')).toBe(true);
    expect(isImportFile('course.JSON')).toBe(true);
    expect(isImportFile('export.osm')).toBe(true);
    expect(isImportFile('course.kml')).toBe(false);
    expect(isImportFile('geojson')).toBe(false);
  });

  it('counts the features outside the table columns as other', () => {
    expect(otherCount({ green: 1, tee: 3, bunker: 4, 'play line': 1, 'T-point': 1, trees: 2 })).toBe(4);
    expect(otherCount({})).toBe(0);
  });
});
