import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@golf/contract/locales';
import { MENU } from '@golf/contract/menu';

const { en, da, sv } = LOCALES;

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const english = leaves(en as Tree);

describe('translations', () => {
  it('has English texts', () => {
    expect(english.size).toBeGreaterThan(100);
  });

  for (const [language, bundle] of [
    ['da', da],
    ['sv', sv],
  ] as const) {
    it(`${language} has every English key with a non-empty value`, () => {
      const other = leaves(bundle as Tree);
      const missing = [...english.keys()].filter((key) => !(other.get(key) ?? '').trim());
      expect(missing).toEqual([]);
    });

    it(`${language} has no keys English lacks and keeps the placeholders`, () => {
      const other = leaves(bundle as Tree);
      expect([...other.keys()].filter((key) => !english.has(key))).toEqual([]);
      const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      const broken = [...english].filter(([key, text]) => placeholders(text).join() !== placeholders(other.get(key) ?? '').join());
      expect(broken.map(([key]) => key)).toEqual([]);
    });
  }

  it('names every menu group and entry of the contract', () => {
    for (const group of MENU) {
      expect(english.get(`menu.groups.${group.key}`), group.key).toBeTruthy();
      for (const entry of group.entries) expect(english.get(`menu.entries.${entry.path}`), entry.path).toBeTruthy();
    }
    expect(english.get('menu.groups.support')).toBe('Support');
  });

  it('has an English text for every literal key the source passes to t()', () => {
    const root = join(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(root);
    const used = new Set<string>();
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z0-9_./-]+)'/g)) used.add(m[1]);
      for (const m of code.matchAll(/'((?:validation|clubs\.create)\.[a-zA-Z]+)'/g)) used.add(m[1]);
      for (const m of code.matchAll(/titleKey: '([a-z]+\.[a-zA-Z]+)'|'(routes\.[a-zA-Z]+)'/g)) used.add(m[1] ?? m[2]);
    }
    expect(used.size).toBeGreaterThan(50);
    const plural = (key: string) => english.has(`${key}_one`) && english.has(`${key}_other`);
    const missing = [...used].filter((key) => !english.has(key) && !plural(key));
    expect(missing).toEqual([]);
  });
});
