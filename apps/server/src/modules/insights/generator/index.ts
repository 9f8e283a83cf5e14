/**
 * The round generator (issue 22): realistic, deterministic rounds on a drawn course for the demo
 * and the benches. Pure: no database, no clock; everything follows from the seed.
 */
export { courseModel, insideBoundary, lieAt, type CourseModel, type GeneratorCourse, type GeneratorHole, type Lie } from './course-model';
export { generateRounds, playingHandicap, stablefordPoints, strokesReceived, type GeneratedRound, type SeasonOptions } from './season';
export { generatePlayers, type PoolPlayer } from './players';
export { generateDownloads, type DownloadOptions } from './downloads';
export { centralEuropeanOffset } from './calendar';
