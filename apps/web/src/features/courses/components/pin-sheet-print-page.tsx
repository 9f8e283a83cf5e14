import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import type { Hole } from '@golf/contract/api/courses';
import type { DrawingResponse } from '@golf/contract/api/drawings';
import type { PinPosition } from '@golf/contract/api/pins';
import { localPaper, PrintStyles } from '../../../components/ui/print-styles';
import { paths } from '../../../config/paths';
import { awaitQueries, NotFoundCard } from '../../../components/ui/query-gate';
import { useClubId } from '../../../lib/use-club-id';
import { drawingQueryOptions, useCourses, usePinPositions, usePinSetups } from '../../../lib/courses/queries';
import { greenSheet, ringsPath, type GreenSheet } from '@golf/contract/print/green-sheet';

type Paper = 'A4' | 'letter';
const SCALE_BAR_METRES = 10;

/** /:clubId/courses/:courseId/pin-positions/:courseId/:setupId/print — a printable pin sheet, each green to scale with its pin. */
export function PinSheetPrintPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const params = useParams();
  const courseId = Number(params.courseId);
  const setupId = Number(params.setupId);
  const [paper, setPaper] = useState<Paper>(localPaper);
  const courses = useCourses(clubId);
  const setups = usePinSetups(clubId, courseId);
  const positions = usePinPositions(clubId, setupId);
  const course = courses.data?.find((c) => c.id === courseId);
  const holes = [...(course?.holes ?? [])].sort((a, b) => a.order - b.order);
  const drawings = useQueries({ queries: holes.map((h) => ({ ...drawingQueryOptions(clubId, h.id), enabled: h.has_drawing })) });

  const gate = awaitQueries([courses, setups, positions], { rows: 6 });
  if (gate.view) return gate.view;
  const [, setupList, positionList] = gate.data;
  const setup = setupList.find((s) => s.id === setupId);
  if (!course || !setup) return <NotFoundCard title={t('pins.sheetNotFound')} />;
  const byHole = new Map<number, PinPosition>(positionList.map((p) => [p.holeId, p]));

  return (
    <Box id="pin-sheet" sx={{ maxWidth: 1000 }}>
      <PrintStyles paper={paper} sheetId="pin-sheet" />
      <Box data-print="hide" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={`${paths.club.pinPositions(clubId, courseId)}?setup=${setupId}`}>
          {t('pins.backToPins')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" id="paper-label">
          {t('pins.paper')}
        </Typography>
        <ToggleButtonGroup exclusive size="small" value={paper} onChange={(_e, v: Paper | null) => v && setPaper(v)} aria-labelledby="paper-label">
          <ToggleButton value="A4">{t('pins.paperA4')}</ToggleButton>
          <ToggleButton value="letter">{t('pins.paperLetter')}</ToggleButton>
        </ToggleButtonGroup>
        <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
          {t('pins.print')}
        </Button>
      </Box>
      <Box sx={{ bgcolor: '#fff', color: '#000', p: { xs: 1, sm: 2 }, border: 1, borderColor: 'divider', '@media print': { border: 0, p: 0 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {course.name} · {setup.name}
          </Typography>
          <Typography variant="body2">{t('pins.sheetDate', { date: new Date().toLocaleDateString(i18n.language) })}</Typography>
        </Box>
        <Typography variant="caption" component="p" sx={{ mb: 1.5 }}>
          {t('pins.sheetLegend')}
          {course.attribution && ` ${t('courses.mapData', { attribution: course.attribution })}`}
        </Typography>
        <Box
          component="ol"
          aria-label={t('pins.sheetHoles')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
            '@media print': { gridTemplateColumns: 'repeat(3, 1fr)', gap: '4mm' },
          }}
        >
          {holes.map((hole, i) => {
            const drawing = drawings[i];
            return (
              <HoleCell
                key={hole.id}
                hole={hole}
                position={byHole.get(hole.id) ?? null}
                drawing={drawing?.data}
                loading={hole.has_drawing && drawing?.isPending}
                failed={drawing?.isError ?? false}
              />
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}

function HoleCell({ hole, position, drawing, loading, failed }: { hole: Hole; position: PinPosition | null; drawing?: DrawingResponse; loading: boolean; failed: boolean }) {
  const { t } = useTranslation();
  let sheet: GreenSheet | null = null;
  try {
    sheet = drawing ? greenSheet(drawing.drawing, position) : null;
  } catch {
    sheet = null;
  }
  const side = position?.sideMeters ?? 0;
  return (
    <Box component="li" sx={{ border: 1, borderColor: '#999', borderRadius: 1, p: 1, breakInside: 'avoid', pageBreakInside: 'avoid', minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>{t('pins.holeN', { number: hole.order })}</Typography>
        <Typography variant="body2">{t('pins.parN', { par: hole.par })}</Typography>
      </Box>
      <Box sx={{ height: 150, display: 'flex', alignItems: 'center', justifyContent: 'center', '@media print': { height: '45mm' } }}>
        {loading ? (
          <Typography variant="caption">{t('common.loading')}</Typography>
        ) : sheet ? (
          <GreenSvg sheet={sheet} label={t('pins.greenOf', { number: hole.order })} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            {failed ? t('pins.drawingFailed') : t('pins.noGreen')}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'center', fontWeight: 600 }}>
        {position
          ? t('pins.inSide', { in: position.outMeters, side: side > 0 ? `+${side}` : String(side), where: side === 0 ? t('pins.centre') : side > 0 ? t('pins.right') : t('pins.left') })
          : t('pins.noPin')}
      </Typography>
    </Box>
  );
}

/** The green to scale, direction of play up, with bunkers, the T-point, the pin and a 10 m scale bar. */
function GreenSvg({ sheet, label }: { sheet: GreenSheet; label: string }) {
  const { t } = useTranslation();
  const [x, y, w, h] = sheet.box;
  const barY = y + h + 2;
  return (
    <svg viewBox={`${x} ${y} ${w} ${h + 6}`} role="img" aria-label={label} style={{ width: '100%', height: '100%', overflow: 'visible' }}>
      <title>{label}</title>
      {sheet.bunkers.map((rings, i) => (
        <path key={i} d={ringsPath(rings)} fill="#f3e3b5" stroke="#8a6d1f" strokeWidth={0.3} fillRule="evenodd" />
      ))}
      <path d={ringsPath(sheet.green)} fill="#bfe3b4" stroke="#1f6f43" strokeWidth={0.4} fillRule="evenodd" />
      <circle cx={0} cy={0} r={0.8} fill="#1f6f43" />
      {sheet.pin && (
        <g>
          <line x1={sheet.pin[0]} y1={sheet.pin[1]} x2={sheet.pin[0]} y2={sheet.pin[1] - 4} stroke="#000" strokeWidth={0.3} />
          <path d={`M${sheet.pin[0]},${sheet.pin[1] - 4}l2.2,0.8l-2.2,0.8z`} fill="#d32f2f" />
          <circle cx={sheet.pin[0]} cy={sheet.pin[1]} r={0.9} fill="#000" />
        </g>
      )}
      <g>
        <line x1={x + 1} y1={barY} x2={x + 1 + SCALE_BAR_METRES} y2={barY} stroke="#000" strokeWidth={0.4} />
        <line x1={x + 1} y1={barY - 0.8} x2={x + 1} y2={barY + 0.8} stroke="#000" strokeWidth={0.3} />
        <line x1={x + 1 + SCALE_BAR_METRES} y1={barY - 0.8} x2={x + 1 + SCALE_BAR_METRES} y2={barY + 0.8} stroke="#000" strokeWidth={0.3} />
        <text x={x + 2 + SCALE_BAR_METRES} y={barY + 1} fontSize={2.6} fontFamily="sans-serif">
          {t('courses.metres', { value: SCALE_BAR_METRES })}
        </text>
      </g>
    </svg>
  );
}
