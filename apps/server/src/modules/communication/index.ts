/**
 * The public entry of the communication area (issue 23): what modules/index.ts, the seed and the
 * tests outside the area may use (docs/adding-an-area.md).
 */
export { communicationRoutes } from './routes';
export { communicationDemo } from './demo';
export * as communicationAppUserData from './app-user-data';
