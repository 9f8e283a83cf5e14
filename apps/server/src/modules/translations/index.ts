/** The public entry of the translations area (docs/adding-an-area.md). */
export { translationRoutes } from './routes';
