import type { Page, Response } from '@playwright/test';
import { expect } from './support';
import { answerTiles, TILE_HOST } from './screens';

/**
 * The server's Content-Security-Policy as the browser meets it (csp.spec.ts, and every screen of
 * the route table in e2e/route-table.ts (a11y-routes-en/da.spec.ts)).
 *
 * `watchPolicy` records what the browser reports under the policy: `securitypolicyviolation`
 * events (from an init script, so every document of the tab reports) and Chromium's console
 * messages about it. Map tiles are answered locally: the run needs no network, the policy is still
 * checked.
 */
export async function watchPolicy(page: Page): Promise<{ violations: string[]; tiles: string[] }> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile || e.documentURI}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  const tiles = await answerTiles(page);
  return { violations, tiles };
}

/** The headers of a document answer: the policy and its companions. */
export function expectPolicyHeader(response: Response | null) {
  expect(response, 'the document response').not.toBeNull();
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`img-src 'self' data: blob: ${TILE_HOST}`);
  expect(response!.headers()['x-frame-options']).toBe('DENY');
  expect(response!.headers()['x-content-type-options']).toBe('nosniff');
}
