/**
 * The tech map's demo (issue 25) on the Danish demo club's course: three tracking groups made
 * of the course's drawn elements, their descriptions, a log book of a few weeks and hole texts,
 * written through the area's own services (so the demo obeys their rules). The images of two
 * log book entries are files: `addDemoTrackingImages` adds them once the storage is there.
 */
import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import sharp from 'sharp';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import type { TrackingRef } from '@golf/contract/api/greenkeeper';
import { EL } from '@golf/contract/graphics-catalogue';
import { trackingCommentImages, trackingComments, trackingGroups } from '../../db/schema/index';
import type { DemoContext } from '../../platform/app-types';
import { getCourse, savedDrawings } from '../courses';
import { addImage, type CommentFileDeps } from './comment-images-service';
import { insertComment } from './comments-service';
import { insertDescription } from './descriptions-service';
import { writeHoleText } from './hole-texts-service';
import { insertGroup } from './tracking-groups-service';
import { addElements } from './trackings-service';

const DAY = 24 * 3_600_000;

/** The demo's groups, for the tests and the browser tests that look for them. */
export const DEMO_TRACKING_GROUPS = {
  greens: 'Greens mowed Monday',
  bunkers: 'Bunkers raked',
  fairways: 'Fairway growth regulator',
} as const;

type DemoGroup = keyof typeof DEMO_TRACKING_GROUPS;

interface GroupPlan {
  key: DemoGroup;
  color: string;
  element: string;
  /** The holes (by order) whose elements go in; all when absent. */
  holes?: (order: number) => boolean;
  descriptions: { name: string; description: string }[];
}

const PLANS: GroupPlan[] = [
  {
    key: 'greens',
    color: '#2e7d32',
    element: EL.green,
    descriptions: [
      { name: 'Mowing height', description: '3.5 mm, double cut before competitions' },
      { name: 'Mower', description: 'Toro Greensmaster 3150, clippings collected' },
      { name: 'Direction', description: 'Alternate: week 1 north–south, week 2 east–west, then diagonals' },
    ],
  },
  {
    key: 'bunkers',
    color: '#c8a165',
    element: EL.bunker,
    holes: (order) => order <= 9,
    descriptions: [
      { name: 'Method', description: 'Machine rake on the flat, hand rake on the faces' },
      { name: 'After rain', description: 'Pump out the greenside bunkers of holes 3 and 7 first' },
    ],
  },
  {
    key: 'fairways',
    color: '#1565c0',
    element: EL.fairway,
    descriptions: [
      { name: 'Product', description: 'Trinexapac-ethyl, 0.4 l/ha in 300 l water' },
      { name: 'Interval', description: 'Every 3 weeks from May to September, not in drought' },
    ],
  },
];

/** The log book: days ago, the group, the text; `image` entries get a photo (addDemoTrackingImages). */
export const DEMO_TRACKING_COMMENTS: { daysAgo: number; group: DemoGroup; text: string; image?: { colour: string } }[] = [
  { daysAgo: 20, group: 'fairways', text: 'First application of the season done on all fairways. Wind 2 m/s, dry.' },
  { daysAgo: 13, group: 'bunkers', text: 'Bunkers 1–9 raked after the storm. Hole 4 greenside bunker needs new sand.', image: { colour: '#d8c08a' } },
  { daysAgo: 6, group: 'greens', text: 'Greens mowed at 3.5 mm. Green 7 has dollar spot on the back left.', image: { colour: '#5c9a4a' } },
  { daysAgo: 2, group: 'fairways', text: 'Second application postponed: rain forecast for the next two days.' },
  { daysAgo: 1, group: 'greens', text: 'Double cut for the club championship, stimpmeter 10.5.' },
];

/** Hole texts: by hole order, the group and the text. */
const HOLE_TEXTS: { order: number; group: DemoGroup; text: string }[] = [
  { order: 3, group: 'bunkers', text: 'The greenside bunker floods after heavy rain: rake it last.' },
  { order: 7, group: 'greens', text: 'Mow the back tier by hand: the slope is too steep for the triplex.' },
  { order: 12, group: 'fairways', text: 'Leave 10 m untreated by the pond (buffer zone).' },
];

/** Writes the tech map's demo for the demo club's course (in the demo's transaction). */
export async function seedTrackingDemo(demo: DemoContext): Promise<void> {
  const { tx, clubId, courseId, ownerUserId } = demo;
  const course = await getCourse(tx, clubId, courseId);
  const holes = [...course.holes].sort((a, b) => a.order - b.order);
  const drawings = await savedDrawings(
    tx,
    holes.map((h) => h.id),
    EDIT_DRAWING_STYLE,
  );
  const groupIds = {} as Record<DemoGroup, number>;
  for (const plan of PLANS) {
    const group = await insertGroup(tx, clubId, { name: DEMO_TRACKING_GROUPS[plan.key], color: plan.color });
    groupIds[plan.key] = group.id;
    const refs: TrackingRef[] = holes
      .filter((h) => plan.holes?.(h.order) ?? true)
      .flatMap((h) => (drawings.get(h.id)?.features ?? []).filter((f) => f.properties.element === plan.element).map((f) => ({ holeId: h.id, featureId: f.id })));
    await addElements(tx, clubId, group.id, refs);
    for (const description of plan.descriptions) await insertDescription(tx, clubId, group.id, description);
  }
  const now = Date.now();
  for (const comment of DEMO_TRACKING_COMMENTS) {
    await insertComment(tx, groupIds[comment.group], comment.text, ownerUserId, new Date(now - comment.daysAgo * DAY));
  }
  for (const text of HOLE_TEXTS) {
    const hole = holes.find((h) => h.order === text.order);
    if (hole) await writeHoleText(tx, clubId, hole.id, groupIds[text.group], text.text);
  }
}

/** A small photo-like JPEG of turf: a colour with some grain. */
async function demoPhoto(colour: string): Promise<Buffer> {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return sharp({ create: { width: 480, height: 320, channels: 3, background: { r, g, b }, noise: { type: 'gaussian', mean: 110, sigma: 18 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/**
 * The photos of the demo's log book entries that have none yet (DEMO_TRACKING_COMMENTS with
 * `image`, in the demo's groups; of the club `clubId` only when given): made here, then uploaded
 * through the same path as a user's upload (checked, re-encoded, stored under the club's public
 * files). For main.ts once the storage is there, as the demo's sponsor logos. Answers how many it
 * added; a second call adds none.
 */
export async function addDemoTrackingImages(deps: CommentFileDeps, clubId?: number): Promise<number> {
  const wanted = DEMO_TRACKING_COMMENTS.filter((c) => c.image);
  const rows = await deps.db
    .select({ id: trackingComments.id, text: trackingComments.text, clubId: trackingGroups.clubId })
    .from(trackingComments)
    .innerJoin(trackingGroups, eq(trackingGroups.id, trackingComments.trackingGroupId))
    .where(
      and(
        clubId === undefined ? undefined : eq(trackingGroups.clubId, clubId),
        inArray(trackingGroups.name, Object.values(DEMO_TRACKING_GROUPS)),
        inArray(
          trackingComments.text,
          wanted.map((c) => c.text),
        ),
        notExists(deps.db.select({ id: trackingCommentImages.id }).from(trackingCommentImages).where(eq(trackingCommentImages.commentId, trackingComments.id))),
      ),
    )
    .orderBy(asc(trackingComments.id));
  for (const row of rows) {
    const colour = wanted.find((c) => c.text === row.text)!.image!.colour;
    await addImage(deps, row.clubId, row.id, { buffer: await demoPhoto(colour), filename: 'log-book.jpg', mimetype: 'image/jpeg' });
  }
  return rows.length;
}
