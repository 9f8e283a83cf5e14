import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type Geometry from 'ol/geom/Geometry';
import type { Drawing, DrawingFeature, DrawingFeatureProperties } from '@golf/contract/api/drawings';

/** The map's view projection: Web Mercator; drawings are stored in longitude/latitude. */
export const VIEW_PROJECTION = 'EPSG:3857';

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: VIEW_PROJECTION });

/** Features of a drawing, in the view projection, with their element, label, icon and attributes. */
export function readDrawingFeatures(features: readonly DrawingFeature[]): Feature<Geometry>[] {
  return features.map((f) => {
    const feature = format.readFeature(f) as Feature<Geometry>;
    feature.setId(f.id);
    return feature;
  });
}

/** The drawing feature of a map feature (longitude/latitude, 7 decimals ≈ 1 cm). */
export function writeDrawingFeature(feature: Feature<Geometry>): DrawingFeature {
  const geometry = format.writeGeometryObject(feature.getGeometry()!, { decimals: 7 }) as DrawingFeature['geometry'];
  const props = feature.getProperties();
  const properties: DrawingFeatureProperties = { element: String(props.element) };
  if (typeof props.label === 'string' && props.label !== '') properties.label = props.label;
  if (typeof props.icon === 'string' && props.icon !== '') properties.icon = props.icon;
  if (props.attributes && typeof props.attributes === 'object' && Object.keys(props.attributes).length > 0) {
    properties.attributes = props.attributes as DrawingFeatureProperties['attributes'];
  }
  return { type: 'Feature', id: String(feature.getId()), geometry, properties };
}

/** A drawing of the given features, in their order. */
export function writeDrawing(features: readonly Feature<Geometry>[]): Drawing {
  return { type: 'FeatureCollection', features: features.map(writeDrawingFeature) };
}
