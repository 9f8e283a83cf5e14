import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { HeatmapMapController, type HeatmapHole } from '../map/heatmap-controller';

export interface HeatmapMapProps {
  /** The course's extent, [minLon, minLat, maxLon, maxLat]; the view fits it when the course changes. */
  extent: [number, number, number, number] | null;
  courseId: number;
  holes: readonly HeatmapHole[];
  elements: readonly ElementForEdit[];
  cells: readonly number[];
  compare: boolean;
  onCellMetres: (metres: number) => void;
  describedBy: string;
}

/**
 * The course with the heat of the filtered positions (OpenLayers, loaded lazily with this
 * component). Focusable: with the focus on it the arrow keys pan and + and − zoom.
 */
export default function HeatmapMap({ extent, courseId, holes, elements, cells, compare, onCellMetres, describedBy }: HeatmapMapProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<HeatmapMapController | null>(null);
  const latest = useRef(onCellMetres);
  useEffect(() => {
    latest.current = onCellMetres;
  });

  useEffect(() => {
    if (!ref.current) return;
    const created = new HeatmapMapController({
      target: ref.current,
      zoomLabels: { zoomIn: t('insights.heatmap.zoomIn'), zoomOut: t('insights.heatmap.zoomOut') },
      onCellMetres: (metres) => latest.current(metres),
    });
    setController(created);
    return () => {
      created.dispose();
      setController(null);
    };
    // The words of the zoom buttons are read once, when the map is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (controller && extent) controller.fitExtent(extent);
    // Only another course (or the first extent) moves the view; the user's zoom stays otherwise.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, courseId, extent === null]);
  useEffect(() => controller?.setHoles(holes, elements), [controller, holes, elements]);
  useEffect(() => controller?.setCells(cells, compare), [controller, cells, compare]);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {controller && !controller.drawsHeat && <Alert severity="warning">{t('insights.heatmap.noWebgl')}</Alert>}
      <Box
        ref={ref}
        data-testid="heatmap-map"
        role="application"
        tabIndex={0}
        aria-label={t('insights.heatmap.mapLabel')}
        aria-describedby={describedBy}
        sx={{
          height: { xs: 380, md: 'max(480px, calc(100vh - 300px))' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: '#dfe8d8',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      />
    </Box>
  );
}
