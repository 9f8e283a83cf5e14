import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ROUND_GOAL_MINUTES, type InsightSettings } from '@golf/contract/api/insights';
import { insightSettings } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';

/*
 * The club's insight settings (issue 22): the goal round time the games' round-time distribution
 * is held against. A club without a row has the default (DEFAULT_ROUND_GOAL_MINUTES).
 */

/** The club's goal round time in minutes (the default when the club never set one). */
export async function roundGoalMinutes(db: DbOrTx, clubId: number): Promise<number> {
  const [row] = await db.select({ minutes: insightSettings.roundGoalMinutes }).from(insightSettings).where(eq(insightSettings.clubId, clubId));
  return row?.minutes ?? DEFAULT_ROUND_GOAL_MINUTES;
}

/** GET clubs/{clubId}/insights/settings. */
export async function getInsightSettings(db: DbOrTx, clubId: number): Promise<InsightSettings> {
  return { round_goal_minutes: await roundGoalMinutes(db, clubId) };
}

/** PUT clubs/{clubId}/insights/settings: one statement (insert or update the club's row). */
export async function saveInsightSettings(db: DbOrTx, clubId: number, input: InsightSettings): Promise<InsightSettings> {
  const [row] = await db
    .insert(insightSettings)
    .values({ clubId, roundGoalMinutes: input.round_goal_minutes })
    .onConflictDoUpdate({ target: insightSettings.clubId, set: { roundGoalMinutes: input.round_goal_minutes, updatedAt: sql`now()` } })
    .returning({ minutes: insightSettings.roundGoalMinutes });
  return { round_goal_minutes: row.minutes };
}
