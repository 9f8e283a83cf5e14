/**
 * The public entry of the greenkeeper area (issue 25): what modules/index.ts, the seed and the
 * tests outside the area may use (docs/adding-an-area.md).
 */
export { greenkeeperRoutes } from './routes';
export { greenkeeperDemo } from './demo';
// The demo log book's photos are files: main.ts adds them after the demo's rows (as the sponsors' logos).
export { addDemoTrackingImages } from './tracking-demo';
