import type { DrawingFeature } from '@golf/contract/api/drawings';
import type { Language } from '@golf/contract/constants';
import { EL } from '@golf/contract/graphics-catalogue';
import { holePage } from '@golf/contract/print/hole-page';
import { GuideRenderInput, LAYOUT_SIZES_PT } from '@golf/contract/print/input';
import type { Page } from '@golf/contract/print/page';
import { pageContext } from '@golf/contract/print/parts';
import { resolveTheme, type CatalogueData } from '@golf/contract/print/theme';

/**
 * The sample hole of the themes' preview: a par 4 of 362 m with every kind of element a theme
 * styles (boundary, rough, semi rough, fairway, tees, fringe, green, bunkers, water, trees, paths,
 * out of bounds, distance markers, play line, T-point and pin), drawn by the print renderer's hole
 * page (print/hole-page.ts), exactly as a guide's hole page draws a club's hole.
 */

/** Where the sample lies (anywhere would do: the page is drawn with the line of play up). */
const ORIGIN: [number, number] = [10.2, 56.1];
const M_PER_DEG_LAT = 110_540;
const M_PER_DEG_LON = 111_320 * Math.cos((ORIGIN[1] * Math.PI) / 180);

type XY = [number, number];
/** Metres east and north of the origin as [longitude, latitude]. */
const at = ([x, y]: XY): [number, number] => [ORIGIN[0] + x / M_PER_DEG_LON, ORIGIN[1] + y / M_PER_DEG_LAT];

function ellipse(cx: number, cy: number, rx: number, ry: number, points = 24): XY[] {
  const ring: XY[] = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * 2 * Math.PI;
    ring.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return ring;
}

function polygon(id: string, element: string, ring: XY[]): DrawingFeature {
  const closed = [...ring, ring[0]].map(at);
  return { type: 'Feature', id, geometry: { type: 'Polygon', coordinates: [closed] }, properties: { element } };
}
const line = (id: string, element: string, points: XY[]): DrawingFeature => ({ type: 'Feature', id, geometry: { type: 'LineString', coordinates: points.map(at) }, properties: { element } });
const point = (id: string, element: string, p: XY): DrawingFeature => ({ type: 'Feature', id, geometry: { type: 'Point', coordinates: at(p) }, properties: { element } });

/** The fairway: a band bending gently right towards the green. */
function fairway(): XY[] {
  const left: XY[] = [];
  const right: XY[] = [];
  for (let y = 110; y <= 330; y += 20) {
    const centre = y < 220 ? 0 : ((y - 220) / 110) * 10;
    const half = 14 + 4 * Math.sin(((y - 110) / 220) * Math.PI);
    left.push([centre - half, y]);
    right.push([centre + half, y]);
  }
  return [...left, ...right.reverse()];
}

export const SAMPLE_FEATURES: DrawingFeature[] = [
  polygon('boundary', EL.holeBoundary, [[-62, -22], [72, -22], [72, 402], [-62, 402]]),
  polygon('rough', EL.rough, [[-52, -12], [62, -12], [62, 392], [-52, 392]]),
  polygon('semi-rough', EL.semiRough, [[-24, 96], [26, 96], [42, 344], [-20, 344]]),
  polygon('fairway', EL.fairway, fairway()),
  polygon('tee-back', EL.tee, [[-7, -4], [7, -4], [7, 8], [-7, 8]]),
  polygon('tee-front', EL.tee, [[-6, 28], [6, 28], [6, 38], [-6, 38]]),
  polygon('fringe', EL.fringe, ellipse(10, 365, 19, 17)),
  polygon('green', EL.green, ellipse(10, 365, 15, 13)),
  polygon('bunker-green-left', EL.bunker, ellipse(-11, 357, 6, 9)),
  polygon('bunker-green-right', EL.bunker, ellipse(31, 374, 5, 7)),
  polygon('bunker-fairway', EL.bunker, ellipse(-20, 238, 8, 6)),
  polygon('water', EL.water, ellipse(40, 200, 14, 26)),
  polygon('trees-left', EL.trees, ellipse(-40, 170, 9, 60)),
  point('tree-1', EL.tree, [50, 300]),
  point('tree-2', EL.tree, [54, 316]),
  point('tree-3', EL.tree, [-36, 330]),
  line('path', EL.path, [[12, -16], [28, 20], [56, 90], [58, 390]]),
  line('out-of-bounds', EL.outOfBounds, [[-56, -16], [-56, 396]]),
  point('marker-150', EL.distanceMarker, [-16, 200]),
  point('marker-100', EL.distanceMarker, [-14, 252]),
  line('play-line', EL.playLine, [[0, 2], [0, 235], [10, 364]]),
  point('t-point', EL.tPoint, [9, 351]),
];

/** The render input of a guide with the sample hole in the theme resolved from `catalogue`. */
export function sampleInput(catalogue: CatalogueData, themeName: string, language: Language, teeNames: [string, string] = ['Back', 'Front']): GuideRenderInput {
  return GuideRenderInput.parse({
    club: { name: 'Sample Golf Club' },
    guide: { title: 'Theme preview', language, theme: resolveTheme(catalogue, themeName) },
    courses: [
      {
        key: '1',
        name: 'Sample course',
        tees: [
          { key: '1', name: teeNames[0], colour: '#fafafa' },
          { key: '2', name: teeNames[1], colour: '#fdd835' },
        ],
        holes: [
          {
            number: 7,
            name: '',
            par: 4,
            strokeIndex: 5,
            distances: { '1': 362, '2': 334 },
            drawing: { type: 'FeatureCollection', features: SAMPLE_FEATURES },
            pin: { outMeters: 6, sideMeters: 3 },
            distanceMarkers: [150, 100],
          },
        ],
      },
    ],
  });
}

/** The sample hole's page in the theme, as the pocket guide prints it. */
export function samplePage(catalogue: CatalogueData, themeName: string, language: Language, teeNames?: [string, string]): Page {
  const input = sampleInput(catalogue, themeName, language, teeNames);
  const size = LAYOUT_SIZES_PT.pocket;
  return holePage(pageContext(input, size.width, size.height), input.courses[0], input.courses[0].holes[0], null, 'hole');
}
