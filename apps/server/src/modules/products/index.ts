/**
 * The public entry of the products area (guides and their products): what app.ts, the seed and
 * other areas (files, GraphQL) may use (docs/adding-an-area.md).
 */
export { productRoutes } from './routes';
export { PRODUCTS } from './access';
export { clubOfGuide, getGuide } from './guide-rows';
export { saveGuideHoles } from './markers-service';
export { releaseGuides } from './generation/service';
export { appFileKey, isGuideProductKey } from './generation/storage';
