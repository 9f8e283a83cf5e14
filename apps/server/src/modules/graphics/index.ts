/** The public entry of the graphics area: what app.ts and other areas (products) may use (docs/adding-an-area.md). */
export { graphicsRoutes } from './routes';
export { getGraphics } from './service';
// The catalogue's rules that drawings are checked against (issue 26): courses, course import, mismatches.
export { getElementRules } from './element-rules';
