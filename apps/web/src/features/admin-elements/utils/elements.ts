import type { AttributeGraphic, Context, Element, GeometryType, UpdateElementBody } from '@golf/contract/api/graphics';

/**
 * The elements shown: those matching the search (name, group, layer or shorthand, any case, and
 * the name in the reader's language) and, with an attribute chosen, only those whose default
 * graphics give that attribute a value.
 */
export function filterElements(
  elements: readonly Element[],
  search: string,
  attribute: string | null,
  graphics: readonly AttributeGraphic[],
  label: (name: string) => string = (name) => name,
): Element[] {
  const q = search.trim().toLocaleLowerCase();
  const withAttribute = attribute === null ? null : new Set(graphics.filter((g) => g.attributeName === attribute && g.value !== '').map((g) => g.elementName));
  return elements.filter(
    (e) =>
      (withAttribute === null || withAttribute.has(e.name)) &&
      (q === '' || [e.name, label(e.name), e.groupName, e.layerName, e.shorthand].some((s) => s.toLocaleLowerCase().includes(q))),
  );
}

/** The element form's values: texts as typed (areas too, so a field may be empty). */
export interface ElementFormValues {
  name: string;
  groupName: string;
  layerName: string;
  geometryType: GeometryType;
  shorthand: string;
  requiredAttributes: string[];
  mustLieInside: string;
  minAreaM2: string;
  maxAreaM2: string;
  /** The drawing contexts (editor screens) that offer the element. */
  contexts: string[];
}

/** A new element is offered by the hole editor unless the administrator chooses otherwise. */
export const NEW_ELEMENT_CONTEXTS = ['hole'];

/** The form's values of an element (or a new one), its contexts read from the catalogue's. */
export function elementFormValues(element?: Element, contexts: readonly Context[] = []): ElementFormValues {
  return {
    name: element?.name ?? '',
    groupName: element?.groupName ?? '',
    layerName: element?.layerName ?? '',
    geometryType: element?.geometryType ?? 'polygon',
    shorthand: element?.shorthand ?? '',
    requiredAttributes: element ? [...element.requiredAttributes] : [],
    mustLieInside: element?.mustLieInside ?? '',
    minAreaM2: element?.minAreaM2 === null || element?.minAreaM2 === undefined ? '' : String(element.minAreaM2),
    maxAreaM2: element?.maxAreaM2 === null || element?.maxAreaM2 === undefined ? '' : String(element.maxAreaM2),
    contexts: element ? contexts.filter((c) => c.elementNames.includes(element.name)).map((c) => c.name) : NEW_ELEMENT_CONTEXTS.filter((n) => contexts.some((c) => c.name === n)),
  };
}

/** An area field as sent: null when empty, NaN when it is not a number (the contract refuses it). */
function area(text: string): number | null {
  const v = text.trim().replace(',', '.');
  return v === '' ? null : Number(v);
}

/** The form as the body of PUT graphics/elements/{id} (and, with the name, of POST): no area range unless a polygon. */
export function elementBody(v: ElementFormValues): UpdateElementBody {
  const polygon = v.geometryType === 'polygon';
  return {
    groupName: v.groupName,
    layerName: v.layerName,
    geometryType: v.geometryType,
    shorthand: v.shorthand,
    requiredAttributes: v.requiredAttributes,
    mustLieInside: v.mustLieInside === '' ? null : v.mustLieInside,
    minAreaM2: polygon ? area(v.minAreaM2) : null,
    maxAreaM2: polygon ? area(v.maxAreaM2) : null,
    contexts: v.contexts,
  };
}

/** The rules of an element in short, for its row: [kind, params] for the translations. */
export type RuleNote =
  | { kind: 'inside'; container: string }
  | { kind: 'area'; min: number | null; max: number | null }
  | { kind: 'attributes'; names: string };

export function ruleNotes(e: Element): RuleNote[] {
  const notes: RuleNote[] = [];
  if (e.mustLieInside) notes.push({ kind: 'inside', container: e.mustLieInside });
  if (e.minAreaM2 !== null || e.maxAreaM2 !== null) notes.push({ kind: 'area', min: e.minAreaM2, max: e.maxAreaM2 });
  if (e.requiredAttributes.length > 0) notes.push({ kind: 'attributes', names: e.requiredAttributes.join(', ') });
  return notes;
}
