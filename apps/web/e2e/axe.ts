import { createRequire } from 'node:module';
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

/**
 * Rules run whatever axe's default set holds. An element's accessible name must contain the words
 * it shows (WCAG 2.5.3 Label in Name, a serious finding). Earlier axe-core versions kept this rule
 * among the experimental ones, off by default: it is asked for by name, so that no version runs
 * without it.
 */
const ALWAYS_RUN = { 'label-content-name-mismatch': { enabled: true } } as const;

/** One line per failing element: rule, impact, what is wrong and where. */
export interface AxeFinding {
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * The source of the axe-core that @axe-core/playwright itself injects (its own dependency, so the
 * version is the one the binding was made for).
 */
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;

type AxeViolations = { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string; html: string }[] }[];

/**
 * Waits until no finite animation or transition runs on the page (a dialog fading in, a tooltip
 * fading out), at most 2 s: mid-fade, text is partly transparent, which axe reads as too little
 * contrast. Two frames are let pass first, so that a transition just asked for has started.
 * Endless ones (a progress spinner) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A frame, or 100 ms when none comes (a tab not being painted gives no frame at all).
    const frame = () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => resolve(undefined));
        setTimeout(resolve, 100);
      });
    const deadline = performance.now() + 2000;
    for (;;) {
      await frame();
      await frame();
      const running = document.getAnimations().filter((a) => {
        const end = Number(a.effect?.getComputedTiming().endTime ?? Infinity);
        return a.playState === 'running' && Number.isFinite(end);
      });
      if (running.length === 0 || performance.now() > deadline) return;
      await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())))]);
    }
  });
}

/**
 * axe-core's `axe.run` on the whole document, every rule of its default set and ALWAYS_RUN, as
 * `AxeBuilder.setLegacyMode().analyze()` runs it, but cheaper: axe is injected once per document
 * (not again for every check), and only the violations are worked out in full (`resultTypes`:
 * passes and incomplete keep one example node each; the violations are complete). AxeBuilder's
 * default mode instead injects axe again on every call and finishes each run in a new blank tab,
 * which made a check take seconds. A page with frames is still checked by AxeBuilder, which
 * injects axe into every frame.
 */
async function axeViolations(page: Page): Promise<AxeViolations> {
  await animationsSettled(page);
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).options({ resultTypes: ['violations'], rules: ALWAYS_RUN }).analyze()).violations;
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!injected) {
    await page.evaluate(AXE_SOURCE);
    // As AxeBuilder configures it (same-origin frames only; the help links name the binding).
    await page.evaluate(() => (window as unknown as { axe: { configure: (c: object) => void } }).axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }));
  }
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolations }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'], rules });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html })) }));
  }, ALWAYS_RUN);
}

/** Runs axe-core (every rule of its default set, and ALWAYS_RUN) on the page as it is now and returns the serious and critical findings. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const violations = await axeViolations(page);
  return violations
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
