import { and, eq, notInArray } from 'drizzle-orm';
import type { UpdateGuideBody } from '@golf/contract/api/guides';
import { guideRatings } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import type { Problem } from './guide-rows';

/*
 * A guide's ratings: course rating and slope per tee and sex. They are saved with the guide
 * (PUT clubs/{clubId}/guides/{id}, guides-service.ts), and only for tees of the guide's courses.
 */

type Ratings = NonNullable<UpdateGuideBody['ratings']>;

/** The ratings that name a tee outside the guide's courses, one problem each (paths `ratings.<i>.tee_id`). */
export function ratingProblems(ratings: Ratings, teeIds: ReadonlySet<number>): Problem[] {
  return ratings.flatMap((r, i) => (teeIds.has(r.tee_id) ? [] : [{ path: `ratings.${i}.tee_id`, message: `Tee ${r.tee_id} is not a tee of the guide's courses` }]));
}

/** Replaces the guide's ratings with the given ones (already checked). */
export async function replaceRatings(tx: DbOrTx, guideId: number, ratings: Ratings): Promise<void> {
  await tx.delete(guideRatings).where(eq(guideRatings.guideId, guideId));
  if (ratings.length) {
    await tx.insert(guideRatings).values(ratings.map((r) => ({ guideId, teeId: r.tee_id, sex: r.sex, courseRating: r.course_rating, slope: r.slope })));
  }
}

/** Drops the guide's ratings of tees that are no longer on its courses (after its courses changed). */
export async function keepRatingsOfTees(tx: DbOrTx, guideId: number, teeIds: ReadonlySet<number>): Promise<void> {
  const keep = [...teeIds];
  await tx.delete(guideRatings).where(keep.length ? and(eq(guideRatings.guideId, guideId), notInArray(guideRatings.teeId, keep)) : eq(guideRatings.guideId, guideId));
}
