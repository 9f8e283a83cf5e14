// Test support (not a test, not shipped): the demo course as a guide's render input, built from
// the server's demo course generator with the seed's settings (apps/server/src/db/seed-courses.ts),
// so the contract's layout tests and the server's PDF tests read the same 18 holes.
import { generateDemoCourse } from '../../../../apps/server/src/seed/demo-course';
import type { GuideRenderInputIn } from './input';
import { builtInCatalogue, resolveTheme } from './theme';

export const FJORDVANG_POSITION: [number, number] = [9.5357, 55.7113];
export const FJORDVANG_HOLES = [
  'Fjordudsigten', 'Bøgeskoven', 'Lyngbakken', 'Åen', 'Mosen', 'Engen', 'Dammen', 'Klinten', 'Hjemvejen',
  'Havnen', 'Sivene', 'Kilden', 'Skrænten', 'Egelunden', 'Møllen', 'Vigen', 'Fyrtårnet', 'Klubhuset',
];
export const DEMO_MARKERS = [200, 150, 100];

export function demoGuideInput(overrides: Partial<GuideRenderInputIn['guide']> = {}): GuideRenderInputIn {
  const demo = generateDemoCourse(FJORDVANG_POSITION, { seed: 2024, name: 'Fjordvang Links', holeNames: FJORDVANG_HOLES, teeNames: ['Hvid', 'Gul', 'Rød'] });
  const keys = ['1', '2', '3'];
  const ratings = [
    { men: { courseRating: 73.4, slope: 134, par: 72 }, women: { courseRating: 79.6, slope: 142, par: 72 } },
    { men: { courseRating: 71.2, slope: 128, par: 72 }, women: { courseRating: 77.1, slope: 136, par: 72 } },
    { men: { courseRating: 68.9, slope: 121, par: 72 }, women: { courseRating: 73.8, slope: 129, par: 72 } },
  ];
  return {
    club: { name: 'Fjordvang Golfklub' },
    guide: {
      title: 'Fjordvang Links – Yardage book',
      language: 'da',
      theme: resolveTheme(builtInCatalogue(), 'Standard'),
      welcome: { title: '', text: 'Velkommen til Fjordvang Golfklub. Banen ligger mellem fjorden og bøgeskoven.\n\nGod fornøjelse på runden!', signature: '' },
      localRules: { title: '', text: 'Out of bounds er markeret med hvide pæle.\nSprinklerhoveder på fairway: fri lempelse.' },
      backPage: { title: '', text: 'Fjordvang Golfklub · Fjordvej 1 · 7100 Vejle' },
      ...overrides,
    },
    courses: [
      {
        key: '1',
        name: demo.name,
        tees: demo.tees.map((t, i) => ({ key: keys[i], name: t.name, colour: t.color, ...ratings[i] })),
        holes: demo.holes.map((h, i) => ({
          number: i + 1,
          name: h.name,
          par: h.par,
          strokeIndex: h.handicap,
          distances: Object.fromEntries(keys.map((k, t) => [k, h.distances[t]])),
          drawing: h.drawing,
          pin: { outMeters: 8 + ((i * 7) % 15), sideMeters: ((i * 5) % 11) - 5 },
          distanceMarkers: DEMO_MARKERS,
        })),
      },
    ],
  };
}
