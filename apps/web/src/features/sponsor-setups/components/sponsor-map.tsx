import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { SponsorMapController, type MapHole, type MapSign } from '../map/sponsor-map-controller';

export interface SponsorMapProps {
  holes: readonly MapHole[];
  elements: readonly ElementForEdit[];
  signs: readonly MapSign[];
  /** The hole outlined on the map. */
  highlight: number | null;
  /** Brings the highlighted hole into view when it changes. */
  focusHighlight: boolean;
  placing: boolean;
  onPlace: (lonLat: [number, number]) => void;
  onSelectSign: (key: string) => void;
  onMoveSign: (key: string, lonLat: [number, number]) => boolean;
  /** Escape on the map while placing. */
  onCancelPlacing: () => void;
  describedBy: string;
}

/**
 * The course with its sponsor signs (OpenLayers, loaded lazily with this component). Focusable:
 * with the focus on it the arrow keys pan and + and − zoom; every hole and sign is also listed
 * beside it, where the keyboard places and moves them.
 */
export default function SponsorMap(props: SponsorMapProps) {
  const { holes, elements, signs, highlight, focusHighlight, placing, describedBy } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<SponsorMapController | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    if (!ref.current) return;
    const created = new SponsorMapController({
      target: ref.current,
      holes,
      elements,
      zoomLabels: { zoomIn: t('sponsorSetups.map.zoomIn'), zoomOut: t('sponsorSetups.map.zoomOut') },
      onPlace: (lonLat) => latest.current.onPlace(lonLat),
      onSelectSign: (key) => latest.current.onSelectSign(key),
      onMoveSign: (key, lonLat) => latest.current.onMoveSign(key, lonLat),
    });
    setController(created);
    return () => {
      created.dispose();
      setController(null);
    };
    // The words of the zoom buttons are read once: the map is made again only for other holes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [holes, elements]);

  useEffect(() => controller?.setSigns(signs), [controller, signs]);
  useEffect(() => controller?.setHighlight(highlight, focusHighlight), [controller, highlight, focusHighlight]);
  useEffect(() => controller?.setPlacing(placing), [controller, placing]);

  return (
    <Box
      ref={ref}
      data-testid="sponsor-map"
      role="application"
      tabIndex={0}
      aria-label={t('sponsorSetups.map.label')}
      aria-describedby={describedBy}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && placing) props.onCancelPlacing();
      }}
      sx={{ height: { xs: 360, md: 'max(480px, calc(100vh - 340px))' }, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: '#dfe8d8' }}
    />
  );
}
