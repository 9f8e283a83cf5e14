import type { GraphicsResponse, ThemeAttribute } from '@golf/contract/api/graphics';
import { THEME_ATTRIBUTES, type ThemeAttributeName } from '@golf/contract/api/themes';
import type { CatalogueData } from '@golf/contract/print/theme';

/**
 * How a theme's values come about (issue 26): its own values, else its parent's (recursively), else
 * the element's default (attribute graphics); print/theme.ts resolveElementStyles is the same rule,
 * which the preview and the guides use. A draft is the theme's own values as the admin edits them.
 */

/** One own value of a theme, keyed `element\u0000attribute`. */
export type Draft = ReadonlyMap<string, string>;

export const valueKey = (elementName: string, attributeName: string) => `${elementName}\u0000${attributeName}`;

/** A theme's own values as a draft. */
export function draftOf(values: readonly { elementName: string; attributeName: string; value: string }[]): Map<string, string> {
  return new Map(values.map((v) => [valueKey(v.elementName, v.attributeName), v.value]));
}

/** A draft as the body of PUT graphics/themes/{id}/values, in a stable order. */
export function valuesOf(draft: Draft): { elementName: string; attributeName: ThemeAttributeName; value: string }[] {
  return [...draft.entries()]
    .map(([key, value]) => {
      const [elementName, attributeName] = key.split('\u0000');
      return { elementName, attributeName: attributeName as ThemeAttributeName, value };
    })
    .sort((a, b) => a.elementName.localeCompare(b.elementName) || a.attributeName.localeCompare(b.attributeName));
}

/** Whether two drafts hold the same values. */
export function sameDraft(a: Draft, b: Draft): boolean {
  return a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);
}

/** The theme and its ancestors, the theme first; a cycle in the parents stops the walk. */
export function ancestry(themes: readonly { name: string; parentName: string | null }[], themeName: string): string[] {
  const parents = new Map(themes.map((t) => [t.name, t.parentName]));
  const chain: string[] = [];
  for (let name: string | null | undefined = themeName; name && parents.has(name) && !chain.includes(name); name = parents.get(name)) chain.push(name);
  return chain;
}

/** The names of every theme made from `themeName`, directly or not (a theme cannot take one of them as its parent). */
export function descendants(themes: readonly { name: string; parentName: string | null }[], themeName: string): Set<string> {
  const found = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of themes) {
      if (t.parentName && (t.parentName === themeName || found.has(t.parentName)) && !found.has(t.name) && t.name !== themeName) {
        found.add(t.name);
        grew = true;
      }
    }
  }
  return found;
}

/** Where a value of the theme comes from: the theme itself, an ancestor (by name), the element's default, or nowhere. */
export type ValueSource = { kind: 'own' } | { kind: 'theme'; themeName: string } | { kind: 'default' } | { kind: 'none' };

export interface ResolvedValue {
  attributeName: ThemeAttributeName;
  /** The value the theme draws with (its own, or what it inherits). */
  value: string | undefined;
  source: ValueSource;
  /** What the theme would draw with without its own value (to show beside an override, and to reset to). */
  inherited: string | undefined;
  inheritedSource: ValueSource;
}

/** Each theme attribute of one element in the theme `themeName`, with its own values taken from `draft`. */
export function resolveElement(catalogue: Pick<GraphicsResponse, 'themes' | 'themeAttributes' | 'attributeGraphics'>, themeName: string, draft: Draft, elementName: string): ResolvedValue[] {
  const [, ...ancestors] = ancestry(catalogue.themes, themeName);
  return THEME_ATTRIBUTES.map((attributeName) => {
    let inherited: string | undefined;
    let inheritedSource: ValueSource = { kind: 'none' };
    for (const ancestor of ancestors) {
      const found = catalogue.themeAttributes.find((v) => v.themeName === ancestor && v.elementName === elementName && v.attributeName === attributeName);
      if (found) {
        inherited = found.value;
        inheritedSource = { kind: 'theme', themeName: ancestor };
        break;
      }
    }
    if (inherited === undefined) {
      const fallback = catalogue.attributeGraphics.find((d) => d.elementName === elementName && d.attributeName === attributeName);
      if (fallback) {
        inherited = fallback.value;
        inheritedSource = { kind: 'default' };
      }
    }
    const own = draft.get(valueKey(elementName, attributeName));
    return own === undefined
      ? { attributeName, value: inherited, source: inheritedSource, inherited, inheritedSource }
      : { attributeName, value: own, source: { kind: 'own' }, inherited, inheritedSource };
  });
}

/** The catalogue with the theme's own values replaced by the draft: what the preview resolves the theme from. */
export function withDraft(catalogue: CatalogueData, themeName: string, draft: Draft): CatalogueData {
  const own: ThemeAttribute[] = valuesOf(draft).map((v) => ({ themeName, ...v }));
  return { ...catalogue, themeAttributes: [...catalogue.themeAttributes.filter((v) => v.themeName !== themeName), ...own] };
}
