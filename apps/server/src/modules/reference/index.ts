/** The public entry of the reference-data area (docs/adding-an-area.md). */
export { referenceRoutes } from './routes';
