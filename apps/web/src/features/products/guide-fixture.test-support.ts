// Test support (not a test, not shipped): a stored guide as the server answers it, for the
// products area's jsdom tests.
import { defaultGuideSettings, GUIDE_PRODUCTS, type Guide, type GuideProduct } from '@golf/contract/api/guides';

export const CLUB = 1;
export const GUIDE_ID = 7;

const times = Object.fromEntries(GUIDE_PRODUCTS.flatMap((p) => [[`generated_at_${p}`, null], [`requested_at_${p}`, null]])) as Pick<
  Guide,
  `generated_at_${GuideProduct}` | `requested_at_${GuideProduct}`
>;

/** The demo's guide on course 3 with default settings, version 3; `change` replaces fields. */
export function guide(change: Partial<Guide> = {}): Guide {
  return {
    guide_id: GUIDE_ID,
    club_id: CLUB,
    title: 'Fjordvang Links – Yardage book',
    courses: [{ course_id: 3, name: 'Fjordvang Links' }],
    distances: [],
    holes: [],
    ratings: [],
    settings: defaultGuideSettings(1, 'Fjordvang Links'),
    front_page_image_url: null,
    ...times,
    icon_file_name: null,
    icon_url: null,
    app_order: 1,
    updated_at: '2030-05-01T09:00:00.000Z',
    inputs_changed_at: '2030-05-01T09:00:00.000Z',
    version: 3,
    ...change,
  };
}
