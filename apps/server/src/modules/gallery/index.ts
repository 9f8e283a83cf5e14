/** The public entry of the gallery area (docs/adding-an-area.md). */
export { galleryRoutes } from './routes';
