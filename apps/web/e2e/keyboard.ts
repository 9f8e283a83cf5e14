import type { Locator, Page } from '@playwright/test';
import { expect } from './support';

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as someone without a mouse
 * would; fails after `max` presses. Returns how many it took.
 */
export async function tabTo(page: Page, target: Locator, { max = 200, back = false } = {}): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`);
}

/** What the keyboard walk learns about one focus stop. */
export interface FocusStop {
  /** Tag, role and name, to read in a failure. */
  what: string;
  /** It has a width and height on screen. */
  visible: boolean;
  /**
   * An outline or ring is drawn in a colour with a contrast of 3:1 or more to the background it
   * is drawn on (WCAG 1.4.11), or (a text field) its MUI frame shows the focused state.
   */
  indicated: boolean;
  /** The second visit of the first stop: the walk went round. */
  again: boolean;
}

/** Describes the focused element and marks it as visited (`data-kbd-seen`). */
export async function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    // The ring may fade in (MUI animates box-shadow): judge it as it ends up, by skipping each
    // finite animation of the element to its end (an endless one cannot be, and is left).
    for (const animation of el.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // endless (a pulsating ripple): judged as it is
      }
    }
    // A date or time field's parts (day, month, year, hour…) are Tab stops of one element: the
    // walk goes on through them (issue 23: the status's datetime-local start and end).
    const again = el.dataset.kbdSeen === '1' && !el.matches('input[type="date"], input[type="datetime-local"], input[type="time"], input[type="month"], input[type="week"]');
    el.dataset.kbdSeen = '1';
    const rgb = (css: string) => css.match(/rgba?\(([^)]+)\)/g)?.map((c) => c.slice(c.indexOf('(') + 1, -1).split(',').map(Number)) ?? [];
    const luminance = ([r, g, b]: number[]) => {
      const channel = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: number[], b: number[]) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1 + 0.05) / (l2 + 0.05);
    };
    /** The first opaque background from `from` up (white at the top). */
    const background = (from: Element | null): number[] => {
      for (let node = from; node; node = node.parentElement) {
        const [colour] = rgb(getComputedStyle(node).backgroundColor);
        if (colour && (colour[3] ?? 1) > 0.5) return colour;
      }
      return [255, 255, 255];
    };
    const s = getComputedStyle(el);
    const behind = background(parseFloat(s.outlineOffset) < 0 ? el : el.parentElement);
    const outlined = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1 && rgb(s.outlineColor).some((c) => contrast(c, behind) >= 3);
    const shadowed = s.boxShadow !== 'none' && rgb(s.boxShadow).some((c) => (c[3] ?? 1) > 0.5 && contrast(c, behind) >= 3);
    const box = el.getBoundingClientRect();
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    // A text field shows the focus on its MUI frame (a thicker border in the primary colour).
    const frame = el.closest('.Mui-focused');
    return {
      what: `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`,
      visible: box.width >= 2 && box.height >= 2,
      indicated: outlined || shadowed || frame !== null,
      again,
    };
  });
}

/**
 * Visible controls the keyboard walk did not reach. A member of a composite widget (tabs, menu,
 * radio group, toggle buttons…) taken out of the Tab order counts as reached when another member
 * was: the arrow keys move within those.
 */
export async function unreachedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="menuitem"], [role="option"], [tabindex]';
    // Widgets with one stop whose members the arrow keys move between (MUI's toggle button groups are role="group").
    const COMPOSITES = '[role="tablist"], [role="menu"], [role="menubar"], [role="radiogroup"], [role="listbox"], [role="grid"], [role="tree"], [role="group"]';
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !el.closest('[aria-hidden="true"], [inert]');
    };
    const disabled = (el: Element) => (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true';
    const seen = (el: Element) => (el as HTMLElement).dataset.kbdSeen === '1' || el.querySelector('[data-kbd-seen="1"]') !== null || el.closest('[data-kbd-seen="1"]') !== null;
    return [...document.querySelectorAll(CONTROLS)]
      .filter((el) => shown(el) && !disabled(el) && !seen(el))
      .filter((el) => el.getAttribute('tabindex') !== '-1' || !el.closest(COMPOSITES)?.querySelector('[data-kbd-seen="1"]'))
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio' && document.querySelector(`input[type="radio"][name="${el.name}"][data-kbd-seen="1"]`)))
      // A combobox's open and clear buttons are out of the Tab order by design (WAI-ARIA combobox;
      // MUI Autocomplete): its input takes the focus and Alt+Down opens the list.
      .filter((el) => el.getAttribute('tabindex') !== '-1' || !el.closest('.MuiAutocomplete-root')?.querySelector('input[data-kbd-seen="1"]'))
      .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}"`);
  });
}

/**
 * Tabs through the whole page from the top until the focus comes round again (at most `max`
 * stops) and returns every stop.
 */
export async function walkFocus(page: Page, max = 400): Promise<FocusStop[]> {
  await page.evaluate(() => {
    document.querySelectorAll('[data-kbd-seen]').forEach((el) => el.removeAttribute('data-kbd-seen'));
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const stops: FocusStop[] = [];
  for (let i = 0; i < max; i++) {
    // The focus moves as the key goes down: Chromium answers the key's dispatch once the page has
    // handled it, its default action included. Its release changes nothing, so it goes out beside
    // the reading of the stop: two round trips to the browser per stop instead of three.
    await page.keyboard.down('Tab');
    const [, stop] = await Promise.all([page.keyboard.up('Tab'), focusStop(page)]);
    if (stop?.again) return stops;
    if (stop) stops.push(stop);
  }
  throw new Error(`The focus did not come round in ${max} presses of Tab`);
}

/**
 * Without a mouse: the screen is walked with Tab from the top until the focus comes round; each
 * stop is on screen with a visible focus indicator, and no visible control is left out.
 */
export async function expectWalkable(page: Page) {
  const stops = await walkFocus(page);
  expect(stops.length, 'focus stops').toBeGreaterThan(0);
  expect(stops.filter((s) => !s.visible).map((s) => s.what), 'focus on something not on screen').toEqual([]);
  expect(stops.filter((s) => !s.indicated).map((s) => s.what), 'focus without a visible indicator').toEqual([]);
  expect(await unreachedControls(page), 'controls Tab does not reach').toEqual([]);
}
