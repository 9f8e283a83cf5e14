/** The public entry of the opening-hours area (docs/adding-an-area.md). */
export { hoursRoutes } from './routes';
