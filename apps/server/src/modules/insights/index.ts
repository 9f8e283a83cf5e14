/**
 * The public entry of the insights area (issue 22): what modules/index.ts, the seed, the tests
 * outside the area and other areas (communication reads the club's followers) may use
 * (docs/adding-an-area.md).
 */
export { insightRoutes } from './routes';
export { insightDemo, queueInsightDemoSeasons } from './demo';
export {
  ingestRounds,
  listFollowers,
  storeDownloads,
  upsertAppUsers,
  type AppUserInput,
  type IngestedRound,
  type IngestResult,
  type RefusedRound,
} from './ingestion-service';
export { courseOrigin, toLocal, toLonLat, type Origin } from './projection';
// The club's followers, for the communication area (issue 23).
export { appUserIdOf, followerIdsQuery, followersCount } from './followers';
export * as insightAppUserData from './app-user-data';
