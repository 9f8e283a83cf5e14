/** The public entry of the members area: what app.ts and other areas may use (docs/adding-an-area.md). */
export { memberRoutes } from './routes';
export { purgeExpiredUploads } from './upload-service';
// The club's number of members, for the news feed's stats (communication, issue 23).
export { countMembers } from './count';
