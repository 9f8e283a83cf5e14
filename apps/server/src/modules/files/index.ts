/** The public entry of the files area: app.ts registers its routes outside /api (docs/adding-an-area.md). */
export { fileRoutes } from './routes';
