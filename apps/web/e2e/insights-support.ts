import type { APIRequestContext } from '@playwright/test';
import type { HeatmapCourse } from '@golf/contract/api/insights';
import { expect } from './support';
import { DEMO_CLUB, ownerHeaders } from './screens';

/** The browser tests' demo season: 400 rounds on Fjordvang Links (DEMO_SEASON_ROUNDS in ./support.ts), all stored once the job is done. */
export const DEMO_SEASON_MIN_ROUNDS = 400;

/**
 * The demo season of the insights (issue 22), which a background job generates after the server
 * has started: waits through the API until its rounds are stored, and answers the demo course.
 */
export async function waitForDemoSeason(request: APIRequestContext): Promise<HeatmapCourse> {
  const headers = await ownerHeaders(request);
  let course: HeatmapCourse | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/clubs/${DEMO_CLUB}/insights/heatmap-courses`, { headers });
        expect(answer.status(), 'GET insights/heatmap-courses').toBe(200);
        course = ((await answer.json()) as HeatmapCourse[]).find((c) => c.name === 'Fjordvang Links');
        return course?.rounds ?? 0;
      },
      { message: 'the demo season’s rounds', timeout: 180_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(DEMO_SEASON_MIN_ROUNDS);
  return course!;
}
