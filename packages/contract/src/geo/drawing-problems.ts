/**
 * Every problem a drawing can have (validateDrawing's geometry rules, catalogueRuleBreaches' rules of
 * the graphics catalogue), by code: a stable name and its English text with named parameters in
 * i18next's form. A problem travels as `{ feature, code, params, message }` (DrawingProblem in
 * ../api/drawings): `message` is this text filled in (English, for logs, scripts and old clients),
 * the web app shows the text of `code` in the reader's language (`drawings.problem.*` in
 * locales/<language>/courses.json, tested to hold every code with the same parameters).
 *
 * The parameters are the raw values: `element` and `container` are the catalogue's element names,
 * `geometry` a catalogue geometry type ('point', 'line', 'polygon'). Some placeholders are not sent
 * but made from them by whoever writes the text (drawingProblemValues): `{{element}}` is the
 * element as a sentence's subject ('Green'; 'Feature' for a feature without one), `{{elementInText}}`
 * the same element inside a sentence ('green'); the web app puts in translated names.
 */
export const DRAWING_PROBLEMS = {
  // The drawing as a whole
  'drawings.problem.tooManyFeatures': 'The drawing has {{features, number}} features; at most {{max, number}} are allowed',
  'drawings.problem.tooManyVertices': 'The drawing has {{vertices, number}} vertices; at most {{max, number}} are allowed',

  // One feature: its id, its element and geometry
  'drawings.problem.duplicateId': "{{element}} '{{feature}}': the feature id is used by more than one feature",
  'drawings.problem.unknownElement': "{{element}} '{{feature}}': '{{name}}' is not an element of the graphics catalogue",
  'drawings.problem.wrongGeometry': "{{element}} '{{feature}}': a {{geometry}} element cannot be drawn as {{drawnAs}}",
  'drawings.problem.notDrawn': "{{element}} '{{feature}}': a {{geometry}} element cannot be drawn as nothing",
  'drawings.problem.noGeometry': "{{element}} '{{feature}}': has no point, line or polygon geometry",
  'drawings.problem.tooManyFeatureVertices': "{{element}} '{{feature}}': has {{vertices, number}} vertices; at most {{max, number}} are allowed per feature",

  // Its positions
  'drawings.problem.ringNotList': "{{element}} '{{feature}}': has a ring that is not a list of positions",
  'drawings.problem.badPosition': "{{element}} '{{feature}}': has a position that is not [longitude, latitude] or [longitude, latitude, height]",
  'drawings.problem.coordinateNotFinite': "{{element}} '{{feature}}': has a coordinate that is not a finite number",
  'drawings.problem.longitudeOutOfRange': "{{element}} '{{feature}}': has longitude {{longitude}} outside -180..180",
  'drawings.problem.latitudeOutOfRange': "{{element}} '{{feature}}': has latitude {{latitude}} outside -90..90",
  'drawings.problem.heightNotFinite': "{{element}} '{{feature}}': has a height that is not a finite number",
  'drawings.problem.heightOutOfRange': "{{element}} '{{feature}}': has height {{height}} m, beyond ±{{max, number}} m",

  // Lines and polygons
  'drawings.problem.lineTooShort': "{{element}} '{{feature}}': a line needs at least 2 different positions",
  'drawings.problem.noOuterRing': "{{element}} '{{feature}}': a polygon needs an outer ring",
  'drawings.problem.tooManyRings': "{{element}} '{{feature}}': has {{rings, number}} rings; at most {{max, number}} are allowed",
  'drawings.problem.outerRingNotClosed': "{{element}} '{{feature}}': ring 1 (outer) is not closed (its first and last positions differ)",
  'drawings.problem.ringNotClosed': "{{element}} '{{feature}}': ring {{ring}} is not closed (its first and last positions differ)",
  'drawings.problem.outerRingTooShort': "{{element}} '{{feature}}': ring 1 (outer) has {{positions}} positions; a closed ring needs at least 4",
  'drawings.problem.ringTooShort': "{{element}} '{{feature}}': ring {{ring}} has {{positions}} positions; a closed ring needs at least 4",
  'drawings.problem.outerRingTooFewCorners': "{{element}} '{{feature}}': ring 1 (outer) needs at least 3 different corners",
  'drawings.problem.ringTooFewCorners': "{{element}} '{{feature}}': ring {{ring}} needs at least 3 different corners",

  // The graphics catalogue's rules (catalogue-rules.ts)
  'drawings.problem.requiredAttribute': "{{element}} '{{feature}}': the graphics catalogue requires the attribute '{{attribute}}'",
  'drawings.problem.mustLieInside': "{{element}} '{{feature}}': the graphics catalogue requires it to lie inside the {{container}}",
  'drawings.problem.areaTooSmall': "{{element}} '{{feature}}': covers {{area, number}} m², less than the graphics catalogue's smallest {{elementInText}} ({{min, number}} m²)",
  'drawings.problem.areaTooLarge': "{{element}} '{{feature}}': covers {{area, number}} m², more than the graphics catalogue's largest {{elementInText}} ({{max, number}} m²)",
} as const satisfies Record<string, string>;

export type DrawingProblemCode = keyof typeof DRAWING_PROBLEMS;

export type DrawingProblemParamValue = string | number;
export type DrawingProblemParams = Record<string, DrawingProblemParamValue>;

/** The placeholders written from a sent parameter of another name (`elementInText` from `element`). */
type Derived = { elementInText: 'element' };

type PlaceholderNames<S extends string> = S extends `${string}{{${infer Inner}}}${infer Rest}`
  ? (Inner extends `${infer Name},${string}` ? Name : Inner) | PlaceholderNames<Rest>
  : never;

type SentName<N> = N extends keyof Derived ? Derived[N] : N;

/** The parameters a code's problem carries: its text's placeholders, a made one replaced by the one it is made from. */
export type DrawingProblemParamsOf<C extends DrawingProblemCode> = { [K in SentName<PlaceholderNames<(typeof DRAWING_PROBLEMS)[C]>>]: DrawingProblemParamValue };

/** True for a code of the catalogue (a newer server may send codes an older web app lacks). */
export function isDrawingProblemCode(value: unknown): value is DrawingProblemCode {
  return typeof value === 'string' && Object.hasOwn(DRAWING_PROBLEMS, value);
}

/** How the names among the parameters are written in one language. */
export interface DrawingProblemNames {
  /** An element as the subject of a sentence ('' for a feature without an element). */
  subject(element: string): string;
  /** An element named inside a sentence ("… inside the hole boundary"). */
  inText(element: string): string;
  /** A catalogue geometry type ('point', 'line', 'polygon') inside a sentence. */
  geometry(type: string): string;
}

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

/** The names as the English messages write them: the element capitalised as subject ('Feature' without one), as it is inside a sentence. */
export const ENGLISH_PROBLEM_NAMES: DrawingProblemNames = {
  subject: (element) => capitalise(element || 'Feature'),
  inText: (element) => element,
  geometry: (type) => type,
};

/** The values a problem's text is filled with: the parameters, their names written by `names`, the made ones added. */
export function drawingProblemValues(params: DrawingProblemParams, names: DrawingProblemNames): DrawingProblemParams {
  const values: DrawingProblemParams = { ...params };
  if ('element' in params) {
    const element = String(params.element);
    values.element = names.subject(element);
    values.elementInText = names.inText(element);
  }
  if (typeof params.container === 'string') values.container = names.inText(params.container);
  if (typeof params.geometry === 'string') values.geometry = names.geometry(params.geometry);
  return values;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*(?:,\s*[A-Za-z]+\s*)?\}\}/g;

/** The English message of a problem: its code's text filled with the English names. */
export function drawingProblemMessage(code: DrawingProblemCode, params: DrawingProblemParams): string {
  const values = drawingProblemValues(params, ENGLISH_PROBLEM_NAMES);
  return DRAWING_PROBLEMS[code].replace(PLACEHOLDER, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

/** One problem of a drawing: the feature's id ('' for the drawing as a whole), its code and parameters, and the English message. */
export interface CodedDrawingProblem {
  feature: string;
  code: DrawingProblemCode;
  params: DrawingProblemParams;
  message: string;
}

/** A problem with its English message, its parameters checked against the code's text. */
export function drawingProblem<C extends DrawingProblemCode>(feature: string, code: C, params: DrawingProblemParamsOf<C>): CodedDrawingProblem {
  const sent = params as DrawingProblemParams;
  return { feature, code, params: sent, message: drawingProblemMessage(code, sent) };
}
