/** The public entry of the users area: what app.ts and other areas may use (docs/adding-an-area.md). */
export { userRoutes } from './routes';
export { USER_MANAGEMENT } from './access';
