/** The public entry of the sessions area: what app.ts and other areas may use (docs/adding-an-area.md). */
export { sessionRoutes } from './routes';
export { revokeOtherSessions } from './service';
