import type { Language } from '../constants';

/**
 * The printed guide's own words, in every language of the product: every word the renderer prints
 * on a page or names a page with comes from the guide's language here (the texts the club writes
 * and the names of its courses, holes and tees are printed as written).
 */
export interface PrintLabels {
  hole: string;
  par: string;
  strokeIndex: string;
  metres: string;
  green: string;
  scale: string;
  depth: string;
  welcome: string;
  localRules: string;
  men: string;
  women: string;
  /**
   * The heading of the handicap table pages: the tables give course handicaps (index × slope /
   * 113 + course rating − par), not playing handicaps (which apply a format's allowance).
   */
  courseHandicap: string;
  /** Column heads of the handicap table. */
  indexColumn: string;
  courseHandicapColumn: string;
  courseRating: string;
  slope: string;
  overview: string;
  tee: string;
  pin: string;
  left: string;
  right: string;
  whsFormula: string;
  /** Headings of the custom pages whose title is empty (CUSTOM_PAGE_TYPES). */
  information: string;
  etiquette: string;
  notes: string;
  /** The caption of a sponsor strip at the foot of a hole page. */
  holeSponsor: string;
  /** Names of the pages without a heading of their own (the preview's page list). */
  frontPage: string;
  backPage: string;
  blankPage: string;
  /** The letter on the north arrow. */
  north: string;
}

export const PRINT_LABELS: Record<Language, PrintLabels> = {
  en: {
    hole: 'Hole',
    par: 'Par',
    strokeIndex: 'Hcp',
    metres: 'm',
    green: 'Green',
    scale: 'Scale',
    depth: 'Depth',
    welcome: 'Welcome',
    localRules: 'Local rules',
    men: 'Men',
    women: 'Women',
    courseHandicap: 'Course handicap',
    indexColumn: 'Index',
    courseHandicapColumn: 'Course hcp',
    courseRating: 'Course rating',
    slope: 'Slope',
    overview: 'Course overview',
    tee: 'Tee',
    pin: 'Pin',
    left: 'left',
    right: 'right',
    whsFormula: 'Course handicap = index × slope / 113 + (course rating − par)',
    information: 'Information',
    etiquette: 'Etiquette',
    notes: 'Notes',
    holeSponsor: 'Hole sponsor',
    frontPage: 'Front page',
    backPage: 'Back page',
    blankPage: 'Blank page',
    north: 'N',
  },
  da: {
    hole: 'Hul',
    par: 'Par',
    strokeIndex: 'Hcp',
    metres: 'm',
    green: 'Green',
    scale: 'Målestok',
    depth: 'Dybde',
    welcome: 'Velkommen',
    localRules: 'Lokale regler',
    men: 'Herrer',
    women: 'Damer',
    courseHandicap: 'Banehandicap',
    indexColumn: 'Indeks',
    courseHandicapColumn: 'Banehcp',
    courseRating: 'Course rating',
    slope: 'Slope',
    overview: 'Baneoversigt',
    tee: 'Tee',
    pin: 'Flag',
    left: 'venstre',
    right: 'højre',
    whsFormula: 'Banehandicap = indeks × slope / 113 + (course rating − par)',
    information: 'Information',
    etiquette: 'Etikette',
    notes: 'Noter',
    holeSponsor: 'Hulsponsor',
    frontPage: 'Forside',
    backPage: 'Bagside',
    blankPage: 'Tom side',
    north: 'N',
  },
  sv: {
    hole: 'Hål',
    par: 'Par',
    strokeIndex: 'Hcp',
    metres: 'm',
    green: 'Green',
    scale: 'Skala',
    depth: 'Djup',
    welcome: 'Välkommen',
    localRules: 'Lokala regler',
    men: 'Herrar',
    women: 'Damer',
    courseHandicap: 'Banhandicap',
    indexColumn: 'Index',
    courseHandicapColumn: 'Banhcp',
    courseRating: 'Course rating',
    slope: 'Slope',
    overview: 'Banöversikt',
    tee: 'Tee',
    pin: 'Flagga',
    left: 'vänster',
    right: 'höger',
    whsFormula: 'Banhandicap = index × slope / 113 + (course rating − par)',
    information: 'Information',
    etiquette: 'Etikett',
    notes: 'Anteckningar',
    holeSponsor: 'Hålsponsor',
    frontPage: 'Framsida',
    backPage: 'Baksida',
    blankPage: 'Tom sida',
    north: 'N',
  },
};
