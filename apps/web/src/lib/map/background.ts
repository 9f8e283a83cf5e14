import TileLayer from 'ol/layer/Tile';
import OSM from 'ol/source/OSM';

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The tile URL set at build time (VITE_MAP_TILE_URL); an empty string means no background. */
export function mapTileUrl(): string {
  const configured = import.meta.env.VITE_MAP_TILE_URL as string | undefined;
  return configured === undefined ? DEFAULT_TILE_URL : configured.trim();
}

/**
 * The background map: raster tiles from `mapTileUrl()` with the OpenStreetMap attribution, or
 * null when no URL is configured. A tile that fails to load only leaves its square empty.
 */
export function createBackgroundLayer(url = mapTileUrl()): TileLayer<OSM> | null {
  if (!url) return null;
  const source = new OSM({ url, attributions: '© OpenStreetMap contributors', crossOrigin: 'anonymous', transition: 0 });
  return new TileLayer({ source, zIndex: -1, preload: 0 });
}
