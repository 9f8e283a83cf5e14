import type { TFunction } from 'i18next';

/**
 * Names of graphics elements and groups in the interface language. The catalogue's own names are
 * data (admins add elements), so a name without a translation shows as it is.
 */
export function elementLabel(t: TFunction, name: string): string {
  return t(`graphics.elements.${name}`, { defaultValue: name });
}

export function groupLabel(t: TFunction, name: string): string {
  return t(`graphics.groups.${name}`, { defaultValue: name });
}
