/** The public entry of the clubs area: what app.ts and other areas may use (docs/adding-an-area.md). */
export { clubRoutes } from './routes';
// Every file of a club lives under its folder: the areas that store a club's files build their keys on it.
export { clubFilesPrefix } from './files';
// The clubs' app keys (issue 22): a key for a club (the demo, tests and benches make theirs with it).
export { createAppKey, listAppKeys, revokeAppKey } from './app-keys-service';
// The clubs' handles in URLs (issue 27): the club a current or former handle names, and a club's former handles.
export { formerHandles, resolveClubHandle } from './service';
