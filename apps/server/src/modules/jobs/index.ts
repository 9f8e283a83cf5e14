/** The public entry of the jobs area (docs/adding-an-area.md). */
export { jobRoutes } from './routes';
