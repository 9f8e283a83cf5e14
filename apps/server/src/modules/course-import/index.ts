/** The public entry of the course import area: what app.ts and the seed may use (docs/adding-an-area.md). */
export { courseImportRoutes } from './routes';
export { planImport } from './osm-plan';
export { createCourseFromPlan } from './service';
