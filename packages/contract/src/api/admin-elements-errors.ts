/**
 * The refusals of the graphics catalogue's administration area (issue 26), by code: English text with named parameters, as in
 * ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in the area's text files.
 * Registered with the area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const ADMIN_ELEMENT_ERRORS = {
  'adminElements.elementNotFound': 'Element not found',
  'adminElements.attributeNotFound': 'Attribute not found',
  'adminElements.attributeGraphicNotFound': 'The element has no default value for this attribute',
  'adminElements.badValue': 'The value does not fit the unit {{unit}}',
  'adminElements.unknownAttribute': 'There is no attribute named {{name}}',
  'adminElements.unknownContainer': 'There is no element named {{name}} to lie inside',
  'adminElements.containerNotPolygon': 'An element can only lie inside a polygon element; {{name}} is not one',
  'adminElements.containerIsItself': 'An element cannot be required to lie inside itself',
  'adminElements.areaNeedsPolygon': 'Only polygon elements have an area range',
  'adminElements.elementInUse': '{{name}} is drawn on {{holes}} hole(s); remove it from those drawings first',
  'adminElements.geometryInUse': '{{name}} is drawn on {{holes}} hole(s), so its geometry type cannot change',
  'adminElements.containerOfOthers': '{{name}} is what {{elements}} must lie inside; change their rules first',
  'adminElements.stillContainer': '{{name}} is what {{elements}} must lie inside, so it must stay a polygon',
  'adminElements.unknownContext': 'There is no drawing context named {{name}}',
  'adminElements.unitExists': 'A unit named {{name}} exists already',
  'adminElements.tooMany': 'The catalogue holds at most {{max}} of these',
} as const satisfies Record<string, string>;
