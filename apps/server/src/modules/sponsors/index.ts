/**
 * The public entry of the sponsors area: what app.ts, the seed and other areas (products reads a
 * guide's sponsor setup through it) may use (docs/adding-an-area.md).
 */
export { sponsorRoutes } from './routes';
export { loadSponsorPlacements, type SponsorPlacements } from './setups-service';
export { setSponsorLogo, sponsorLogoUrlOfKey, type SponsorDeps } from './sponsors-service';
