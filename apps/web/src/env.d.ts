/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** Base URL of the external help articles and support centre. */
  readonly VITE_HELP_BASE_URL?: string;
  /** Address of the 'Contact support' mail link. */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Tile URL of the map background ({z}/{x}/{y}); empty for none. Default: OpenStreetMap. */
  readonly VITE_MAP_TILE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
