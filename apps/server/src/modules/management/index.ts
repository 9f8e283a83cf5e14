/**
 * The management area's public entry (issue 27): club setup (handle, default theme, active, admin),
 * the club handles in URLs, the mapping status of a club's courses and of a region owner's clubs.
 */
export { managementRoutes } from './routes';
