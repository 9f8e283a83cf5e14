/** The public entry of the app-users area (issue 26): what modules/index.ts, the seed and the tests outside the area may use (docs/adding-an-area.md). */
export { appUserRoutes } from './routes';
