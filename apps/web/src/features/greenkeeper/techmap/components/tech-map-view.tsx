import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import type { Tracking } from '@golf/contract/api/greenkeeper';
import { TechMapController, type MapHoleNumber, type TechMapMarks } from '../map/tech-map-controller';

export interface TechMapViewProps {
  trackings: readonly Tracking[];
  holes: readonly MapHoleNumber[];
  elements: readonly ElementForEdit[];
  marks: TechMapMarks;
  /** An element to bring into view (changes when the list or info box asks for it). */
  focus: { id: string; at: number } | null;
  /** The filter's matches to bring into view (changes when the filter result is shown). */
  focusMatches: number;
  /** The map selects elements for the active group: the cursor says so. */
  selecting: boolean;
  onElementClick: (id: string) => void;
  describedBy: string;
}

/**
 * The course's drawn elements on the map (OpenLayers, loaded lazily with this component).
 * Focusable: with the focus on it the arrow keys pan and + and − zoom; every element is also
 * listed beside it, where the keyboard chooses them.
 */
export default function TechMapView(props: TechMapViewProps) {
  const { trackings, holes, elements, marks, focus, focusMatches, selecting, describedBy } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<TechMapController | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    if (!ref.current) return;
    const created = new TechMapController({
      target: ref.current,
      trackings,
      holes,
      elements,
      zoomLabels: { zoomIn: t('greenkeeper.techmap.map.zoomIn'), zoomOut: t('greenkeeper.techmap.map.zoomOut') },
      onElementClick: (id) => latest.current.onElementClick(id),
    });
    setController(created);
    return () => {
      created.dispose();
      setController(null);
    };
    // The words of the zoom buttons are read once: the map is made again only for other elements.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trackings, holes, elements]);

  useEffect(() => controller?.setMarks(marks), [controller, marks]);
  useEffect(() => {
    if (focus) controller?.focus(focus.id);
  }, [controller, focus]);
  useEffect(() => {
    if (focusMatches > 0) controller?.focusAll(latest.current.marks.matches);
  }, [controller, focusMatches]);

  return (
    <Box
      ref={ref}
      data-testid="tech-map"
      data-selecting={selecting ? 'true' : 'false'}
      role="application"
      tabIndex={0}
      aria-label={t('greenkeeper.techmap.map.label')}
      aria-describedby={describedBy}
      sx={{
        height: { xs: 340, md: 'max(460px, calc(100vh - 300px))' },
        border: 2,
        borderColor: selecting ? 'warning.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: '#dfe8d8',
        cursor: selecting ? 'crosshair' : undefined,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    />
  );
}
