/** The public entry of the regions area (issue 26): what modules/index.ts, the seed and the tests outside the area may use (docs/adding-an-area.md). */
export { regionRoutes } from './routes';
