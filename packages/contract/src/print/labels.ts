import type { Language } from '../constants';

/** The printed guide's own words, in every language of the product. */
export interface PrintLabels {
  hole: string;
  par: string;
  strokeIndex: string;
  metres: string;
  green: string;
  scale: string;
  front: string;
  back: string;
  depth: string;
  welcome: string;
  localRules: string;
  handicapTable: string;
  men: string;
  women: string;
  handicapIndex: string;
  courseHandicap: string;
  /** Column heads of the handicap table. */
  indexColumn: string;
  courseHandicapColumn: string;
  courseRating: string;
  slope: string;
  overview: string;
  total: string;
  out: string;
  in: string;
  tee: string;
  pin: string;
  left: string;
  right: string;
  toGreenFront: string;
  whsFormula: string;
  page: string;
  /** Headings of the custom pages whose title is empty (CUSTOM_PAGE_TYPES). */
  information: string;
  etiquette: string;
  notes: string;
  /** The caption of a sponsor strip at the foot of a hole page. */
  holeSponsor: string;
}

export const PRINT_LABELS: Record<Language, PrintLabels> = {
  en: {
    hole: 'Hole',
    par: 'Par',
    strokeIndex: 'Hcp',
    metres: 'm',
    green: 'Green',
    scale: 'Scale',
    front: 'Front',
    back: 'Back',
    depth: 'Depth',
    welcome: 'Welcome',
    localRules: 'Local rules',
    handicapTable: 'Course handicap',
    men: 'Men',
    women: 'Women',
    handicapIndex: 'Handicap index',
    courseHandicap: 'Course handicap',
    indexColumn: 'Index',
    courseHandicapColumn: 'Course hcp',
    courseRating: 'Course rating',
    slope: 'Slope',
    overview: 'Course overview',
    total: 'Total',
    out: 'Out',
    in: 'In',
    tee: 'Tee',
    pin: 'Pin',
    left: 'left',
    right: 'right',
    toGreenFront: 'Marks: metres to the front of the green',
    whsFormula: 'Course handicap = index × slope / 113 + (course rating − par)',
    page: 'Page',
    information: 'Information',
    etiquette: 'Etiquette',
    notes: 'Notes',
    holeSponsor: 'Hole sponsor',
  },
  da: {
    hole: 'Hul',
    par: 'Par',
    strokeIndex: 'Hcp',
    metres: 'm',
    green: 'Green',
    scale: 'Målestok',
    front: 'Forkant',
    back: 'Bagkant',
    depth: 'Dybde',
    welcome: 'Velkommen',
    localRules: 'Lokale regler',
    handicapTable: 'Spillehandicap',
    men: 'Herrer',
    women: 'Damer',
    handicapIndex: 'Handicapindeks',
    courseHandicap: 'Banehandicap',
    indexColumn: 'Indeks',
    courseHandicapColumn: 'Banehcp',
    courseRating: 'Course rating',
    slope: 'Slope',
    overview: 'Baneoversigt',
    total: 'I alt',
    out: 'Ud',
    in: 'Ind',
    tee: 'Tee',
    pin: 'Flag',
    left: 'venstre',
    right: 'højre',
    toGreenFront: 'Markeringer: meter til greenens forkant',
    whsFormula: 'Banehandicap = indeks × slope / 113 + (course rating − par)',
    page: 'Side',
    information: 'Information',
    etiquette: 'Etikette',
    notes: 'Noter',
    holeSponsor: 'Hulsponsor',
  },
  sv: {
    hole: 'Hål',
    par: 'Par',
    strokeIndex: 'Hcp',
    metres: 'm',
    green: 'Green',
    scale: 'Skala',
    front: 'Framkant',
    back: 'Bakkant',
    depth: 'Djup',
    welcome: 'Välkommen',
    localRules: 'Lokala regler',
    handicapTable: 'Spelhandicap',
    men: 'Herrar',
    women: 'Damer',
    handicapIndex: 'Handicapindex',
    courseHandicap: 'Banhandicap',
    indexColumn: 'Index',
    courseHandicapColumn: 'Banhcp',
    courseRating: 'Course rating',
    slope: 'Slope',
    overview: 'Banöversikt',
    total: 'Totalt',
    out: 'Ut',
    in: 'In',
    tee: 'Tee',
    pin: 'Flagga',
    left: 'vänster',
    right: 'höger',
    toGreenFront: 'Markeringar: meter till greenens framkant',
    whsFormula: 'Banhandicap = index × slope / 113 + (course rating − par)',
    page: 'Sida',
    information: 'Information',
    etiquette: 'Etikett',
    notes: 'Anteckningar',
    holeSponsor: 'Hålsponsor',
  },
};
