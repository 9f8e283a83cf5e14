/** The public entry of the course status area (docs/adding-an-area.md). */
export { statusRoutes } from './routes';
