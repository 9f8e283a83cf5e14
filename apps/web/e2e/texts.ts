import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@golf/contract/constants';

const LOCALES = join(import.meta.dirname, '../../../packages/contract/locales');

/** The area files of a language (locales/<language>/*.json, as the contract merges them; a key is in one file only). */
function areaTexts(language: Language): unknown[] {
  const dir = join(LOCALES, language);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown);
}

/**
 * The interface's texts in a language, as the app shows them (the contract's locale files), so a
 * test finds a control by its visible or accessible name in any language: `texts('da')('common.save')`.
 */
export function texts(language: Language) {
  const areas = areaTexts(language);
  return (key: string, values: Record<string, string | number> = {}): string => {
    const found = areas
      .map((area) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], area))
      .find((text) => typeof text === 'string') as string | undefined;
    if (found === undefined) throw new Error(`No text ${key} in ${language}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

export type Tr = ReturnType<typeof texts>;

/** A text as a pattern matching the whole name, each {{placeholder}} standing for any text: `pattern(tr('users.edit.actionFor'))`. */
export function pattern(text: string): RegExp {
  const parts = text.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}
