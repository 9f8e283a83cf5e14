/** The public entry of the pins area (docs/adding-an-area.md). */
export { pinRoutes } from './routes';
export { createPinSetupWithPositions, findPinSetup, listPinPositions, type NewPinSetup } from './service';
