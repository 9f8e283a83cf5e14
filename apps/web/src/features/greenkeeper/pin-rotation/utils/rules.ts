import { PinRotationSettings } from '@golf/contract/api/greenkeeper';

export type RuleField = keyof PinRotationSettings;

/** The rules' fields with the contract's ranges (PinRotationSettings). */
export const RULE_FIELDS: readonly { name: RuleField; min: number; max: number; integer: boolean }[] = [
  { name: 'edgeDistance', min: 0, max: 20, integer: false },
  { name: 'blockedRadius', min: 0, max: 30, integer: false },
  { name: 'reuseDays', min: 1, max: 60, integer: true },
];

export type RuleValues = Record<RuleField, string>;

/** The rules as typed text ('4.5' with the reader's decimal sign: '4,5' in Danish and Swedish). */
export function ruleValues(settings: PinRotationSettings, decimalSign = '.'): RuleValues {
  const text = (n: number) => String(n).replace('.', decimalSign);
  return { edgeDistance: text(settings.edgeDistance), blockedRadius: text(settings.blockedRadius), reuseDays: text(settings.reuseDays) };
}

/** The decimal sign of a language ('.' or ','). */
export function decimalSignOf(language: string): string {
  return (1.5).toLocaleString(language).includes(',') ? ',' : '.';
}

/** A typed number: a point or a comma as the decimal sign; null when it is not a number. */
export function parseRuleNumber(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(clean)) return null;
  return Number(clean);
}

/** The rules parsed and checked with the contract's schema; the translation key of each field's problem. */
export function settingsOf(values: RuleValues): { settings: PinRotationSettings | null; errors: Partial<Record<RuleField, string>> } {
  const errors: Partial<Record<RuleField, string>> = {};
  const numbers: Partial<PinRotationSettings> = {};
  for (const field of RULE_FIELDS) {
    const n = parseRuleNumber(values[field.name]);
    if (n === null) errors[field.name] = 'greenkeeper.pins.errors.number';
    else if (field.integer && !Number.isInteger(n)) errors[field.name] = 'greenkeeper.pins.errors.wholeDays';
    else if (n < field.min || n > field.max) errors[field.name] = 'greenkeeper.pins.errors.range';
    else numbers[field.name] = n;
  }
  if (Object.keys(errors).length > 0) return { settings: null, errors };
  const checked = PinRotationSettings.safeParse(numbers);
  return checked.success ? { settings: checked.data, errors } : { settings: null, errors: { edgeDistance: 'greenkeeper.pins.errors.number' } };
}
