import { z } from 'zod';
import { isPrintSymbol, PRINT_SYMBOLS } from '../print/symbols';
import { IdParam, Text } from './common';

/**
 * Themes (drawing styles) of the graphics catalogue, administered on /admin/themes (issue 26):
 * each theme has a parent and stores only the values it changes (graphics_theme_attributes); the
 * rest is inherited from its parent, recursively, down from the defaults (attribute graphics).
 * print/theme.ts `resolveElementStyles` is the one resolution the editor, the guides and the
 * screen's preview use. A theme is also a drawing style (drawing_styles, same name) that clubs and
 * guides choose.
 */

export const THEME_LIMITS = {
  /** Themes in the catalogue. */
  themes: 200,
  /** Characters of a theme's name. */
  nameLength: 60,
  /** Own values one theme may store (every element × every attribute fits). */
  values: 2000,
} as const;

/**
 * The attributes a theme sets per element: the ones the print renderer draws with
 * (print/theme.ts elementStyle). 'line dash' is the line pattern, chosen from LINE_PATTERNS;
 * 'icon' the print symbol of a point element, chosen from PRINT_SYMBOLS (print/symbols.ts).
 */
export const THEME_ATTRIBUTES = ['fill colour', 'stroke colour', 'stroke width', 'opacity', 'line dash', 'radius', 'icon'] as const;
export type ThemeAttributeName = (typeof THEME_ATTRIBUTES)[number];

/** The line patterns a theme may give an element: the dash length in the catalogue's pixels (0: solid). */
export const LINE_PATTERNS = [
  { id: 'solid', dash: '0' },
  { id: 'fine', dash: '3' },
  { id: 'short', dash: '4' },
  { id: 'medium', dash: '6' },
  { id: 'long', dash: '8' },
  { id: 'extraLong', dash: '12' },
] as const;
export type LinePatternId = (typeof LINE_PATTERNS)[number]['id'];

/** Ranges of the numeric attributes (inclusive), with the step the editor offers. */
export const THEME_RANGES = {
  'stroke width': { min: 0, max: 20, step: 0.5 },
  opacity: { min: 0, max: 100, step: 1 },
  radius: { min: 0, max: 30, step: 0.5 },
} as const satisfies Partial<Record<ThemeAttributeName, { min: number; max: number; step: number }>>;

const HEX = /^#[0-9a-fA-F]{6}$/;
const DECIMAL = /^\d{1,3}(\.\d{1,2})?$/;

/** Why `value` is not a valid value of the theme attribute `attribute` (English), or null. */
export function themeValueProblem(attribute: ThemeAttributeName, value: string): string | null {
  switch (attribute) {
    case 'fill colour':
    case 'stroke colour':
      return HEX.test(value) ? null : 'Colour must look like #RRGGBB';
    case 'line dash':
      return LINE_PATTERNS.some((p) => p.dash === value) ? null : `Line pattern must be one of ${LINE_PATTERNS.map((p) => p.dash).join(', ')}`;
    case 'icon':
      return isPrintSymbol(value) ? null : `Icon must be one of ${PRINT_SYMBOLS.join(', ')}`;
    default: {
      const range = THEME_RANGES[attribute];
      const n = Number(value);
      if (!DECIMAL.test(value) || !Number.isFinite(n) || n < range.min || n > range.max) return `Must be a number from ${range.min} to ${range.max}`;
      if (attribute === 'opacity' && !Number.isInteger(n)) return 'Opacity must be a whole number of percent';
      return null;
    }
  }
}

/** The stored form of a valid value: colours in lower case, numbers without needless digits. */
export function normalThemeValue(attribute: ThemeAttributeName, value: string): string {
  if (attribute === 'fill colour' || attribute === 'stroke colour') return value.toLowerCase();
  if (attribute === 'line dash' || attribute === 'icon') return value;
  return String(Number(value));
}

/** The pattern of a 'line dash' value, or null when it is none of LINE_PATTERNS. */
export function linePatternOf(dash: string | undefined): LinePatternId | null {
  const n = Number(dash ?? '0');
  return LINE_PATTERNS.find((p) => Number(p.dash) === n)?.id ?? null;
}

export const ThemeName = Text.trim()
  .min(1, 'Give the theme a name')
  .max(THEME_LIMITS.nameLength)
  .regex(/^[^\p{Cc}]*$/u, 'A theme name has no control characters');

/** One value a theme sets itself (an override of what it would inherit). */
export const ThemeValue = z
  .object({
    elementName: Text.min(1).max(100),
    attributeName: z.enum(THEME_ATTRIBUTES),
    value: Text.max(20),
  })
  .superRefine((v, ctx) => {
    const problem = themeValueProblem(v.attributeName, v.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
  })
  .transform((v) => ({ ...v, value: normalThemeValue(v.attributeName, v.value) }));
export type ThemeValue = z.output<typeof ThemeValue>;

const ThemeValues = z
  .array(ThemeValue)
  .max(THEME_LIMITS.values)
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.forEach((v, i) => {
      const key = `${v.elementName}\u0000${v.attributeName}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `${v.attributeName} of ${v.elementName} is given twice` });
      seen.add(key);
    });
  });

/** POST graphics/themes: a new theme, made from a parent (null: a root theme), with its own values. */
export const CreateThemeBody = z.object({
  name: ThemeName,
  parentName: ThemeName.nullable(),
  values: ThemeValues.default([]),
});
export type CreateThemeBody = z.input<typeof CreateThemeBody>;

/** PATCH graphics/themes/{id}: rename, or make it from another parent. */
export const UpdateThemeBody = z
  .object({ name: ThemeName.optional(), parentName: ThemeName.nullable().optional() })
  .refine((b) => b.name !== undefined || b.parentName !== undefined, 'Give a new name or parent');
export type UpdateThemeBody = z.input<typeof UpdateThemeBody>;

/** PUT graphics/themes/{id}/values: every value the theme sets itself (what is left out is inherited). */
export const ThemeValuesBody = z.object({ values: ThemeValues });
export type ThemeValuesBody = z.input<typeof ThemeValuesBody>;

export const ThemeIdParams = z.object({ id: IdParam });

/** What uses a theme: a theme in use cannot be deleted. */
export const ThemeUsage = z.object({
  /** Clubs whose drawing style it is. */
  clubs: z.number().int(),
  /** Guides whose graphical theme it is. */
  guides: z.number().int(),
  /** Themes made from it. */
  children: z.array(z.string()),
});
export type ThemeUsage = z.infer<typeof ThemeUsage>;

/** A theme as the administration shows it (GET graphics/themes/details). */
export const ThemeDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  parentName: z.string().nullable(),
  /** The drawing style (clubs.drawing_style_id, guides' drawing_style_id) of the same name, or null. */
  drawingStyleId: z.number().int().nullable(),
  /** The values the theme sets itself. */
  values: z.array(z.object({ elementName: z.string(), attributeName: z.string(), value: z.string() })),
  usage: ThemeUsage,
});
export type ThemeDetails = z.infer<typeof ThemeDetails>;
