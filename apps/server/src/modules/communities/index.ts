/**
 * The public entry of the communities area (issue 24): what modules/index.ts, the seed and the
 * tests outside the area may use (docs/adding-an-area.md).
 */
export { communityRoutes } from './routes';
export { communityDemo } from './demo';
export * as communityAppUserData from './app-user-data';
