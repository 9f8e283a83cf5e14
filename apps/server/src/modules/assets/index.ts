/** The public entry of the assets area (issue 26): what modules/index.ts, the seed and the tests outside the area may use (docs/adding-an-area.md). */
export { assetRoutes } from './routes';
