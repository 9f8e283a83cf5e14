import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Language } from '@golf/contract/constants';
import { DEMO, expect, type DemoUser } from './support';

/** Who the checks sign in as: the admin in English and the region owner (every club role) in Danish. */
export const VISITORS: readonly { user: DemoUser; language: Language; admin: boolean }[] = [
  { user: DEMO.admin, language: 'en', admin: true },
  { user: DEMO.owner, language: 'da', admin: false },
];

/** The widths every state is checked at: a laptop, and a phone (390 px). */
export const WIDTHS = [
  { name: 'wide', size: { width: 1280, height: 720 } },
  { name: 'narrow', size: { width: 390, height: 844 } },
] as const;

/** The impacts that fail a check (axe's `serious` and `critical`). */
const FAILING = new Set(['serious', 'critical']);

/** One line per failing element: rule, impact, what is wrong and where. */
export interface AxeFinding {
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** Runs axe-core (every rule of its default set) on the page as it is now and returns the serious and critical findings. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: v.impact ?? '',
        target: n.target.join(' '),
        summary: `${v.help}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''} ${n.html.slice(0, 200)}`,
      })),
    );
}

/** Fails when axe finds a serious or critical violation on the page; `where` names the state checked. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  expect.soft(await seriousViolations(page), `serious or critical axe violations: ${where}`).toEqual([]);
}
