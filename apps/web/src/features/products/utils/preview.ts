import type { PageKind } from '@golf/contract/print/page';
import type { GuidePage } from './guide-pages';

/** The printed page a guide page's preview opens on: the welcome tab shows the welcome page, the holes tab the first hole, … */
const KIND_OF_TAB: Partial<Record<GuidePage['key'], PageKind>> = {
  frontpage: 'front',
  welcome: 'welcome',
  localRules: 'local-rules',
  holes: 'hole',
  setupDistanceMarkers: 'hole',
  setupRatings: 'handicap',
  backpage: 'back',
  'custom.information': 'custom',
  'custom.etiquette': 'custom',
  'custom.notes': 'custom',
};

/** The index of the first page of the tab's kind, else 0 (the front page). */
export function previewStartPage(pages: readonly { kind: PageKind }[], tab: GuidePage['key'] | null): number {
  const kind = tab ? KIND_OF_TAB[tab] : undefined;
  if (!kind) return 0;
  const i = pages.findIndex((p) => p.kind === kind);
  return i < 0 ? 0 : i;
}

/** Where a key takes the preview from page `index` of `count` (null: the key does not turn pages). */
export function pageAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return Math.max(0, index - 1);
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
      return Math.min(count - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The server's render input names the guide's custom front page image 'front-page' (render-input.ts). */
export const FRONT_PAGE_IMAGE_REF = 'front-page';

/**
 * An image reference of the render input as a URL the browser may load: the front page image's
 * URL, a sponsor logo's URL, the server's file URLs and image data URLs; other references are left out.
 */
export function previewImageHref(ref: string, frontPageImageUrl: string | null, sponsors: readonly { logo: string | null; logoUrl: string | null }[] = []): string | null {
  if (ref === FRONT_PAGE_IMAGE_REF) return frontPageImageUrl;
  // A sponsor's logo: the render input gives its public URL beside the reference.
  const sponsor = sponsors.find((s) => s.logo === ref);
  if (sponsor) return sponsor.logoUrl;
  return /^(\/(?!\/)|https?:\/\/|data:image\/(png|jpeg|webp|gif);)/.test(ref) ? ref : null;
}
