import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PinRotationSettings, RotationGreen } from '@golf/contract/api/greenkeeper';
import { blockedRadius } from '@golf/contract/geo/pin-rotation';
import { daysBetween, greenSketch, sketchPath, spotColour, type SketchPoint } from '../utils/rotation';

const SCALE_BAR_METRES = 5;

/**
 * One green to scale (direction of play up when the hole has a pin frame) with every spot played
 * in the last 60 days, each labelled by the days since it was used, the circles where no pin may
 * go on `planDate` (the contract's blockedRadius), and the planned pin when there is one.
 */
export function GreenMap({
  green,
  settings,
  planDate,
  planned,
  span,
  compact = false,
}: {
  green: RotationGreen;
  settings: PinRotationSettings;
  planDate: string;
  planned: { outMeters: number; sideMeters: number } | null;
  /** Spots of this many days back (from today) are shown. */
  span: number;
  /** A thumbnail beside a row of the table: no numbers, no scale bar, hidden from screen readers (the row says it all). */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const sketch = useMemo(() => (green.green ? greenSketch(green.green, green.frame) : null), [green.green, green.frame]);
  const label = t('greenkeeper.pins.greenLabel', { number: green.order });
  const history = green.history.filter((s) => s.daysAgo <= span);
  const summary = history.length === 0 ? t('greenkeeper.pins.noSpots') : t('greenkeeper.pins.spotsSummary', { count: history.length, span });

  if (!sketch) {
    return (
      <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          {t('greenkeeper.pins.noGreen')}
        </Typography>
      </Box>
    );
  }

  const spotAt = (spot: RotationGreen['history'][number]): SketchPoint | null =>
    sketch.pinAt ? sketch.pinAt(spot.outMeters, spot.sideMeters) : spot.position ? sketch.project(spot.position) : null;
  const [x, y, w, h] = sketch.box;
  const unit = Math.max(1.4, Math.min(w, h) / 16);
  const barY = y + h + unit * 1.5;
  // Oldest first, so that the newest spots and their numbers are drawn on top.
  const spots = [...history].reverse().flatMap((spot) => {
    const at = spotAt(spot);
    return at ? [{ spot, at, blocked: blockedRadius(daysBetween(spot.date, planDate), settings) }] : [];
  });
  const outline = sketchPath(sketch.rings);
  const clipId = `green-clip-${green.holeId}${compact ? '-small' : ''}`;
  const pin = planned && sketch.pinAt ? sketch.pinAt(planned.outMeters, planned.sideMeters) : null;

  return (
    <svg
      viewBox={`${x} ${y} ${w} ${compact ? h : h + unit * 3}`}
      {...(compact ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `${label}. ${summary}` })}
      style={{ width: '100%', height: '100%', overflow: 'visible', display: 'block' }}
    >
      {!compact && <title>{`${label}. ${summary}`}</title>}
      <defs>
        <clipPath id={clipId}>
          <path d={outline} fillRule="evenodd" clipRule="evenodd" />
        </clipPath>
      </defs>
      <path d={outline} fill="#cfe9c6" stroke="#1f6f43" strokeWidth={unit * 0.25} fillRule="evenodd" />
      {settings.edgeDistance > 0 && (
        // The band along the edge where no pin goes: a stroke twice the edge distance wide, clipped to the green.
        <path d={outline} fill="none" stroke="#1f6f43" strokeOpacity={0.2} strokeWidth={settings.edgeDistance * 2} strokeLinejoin="round" clipPath={`url(#${clipId})`} />
      )}
      {spots.map(({ spot, at, blocked }) =>
        blocked > 0 ? (
          <circle key={`b${spot.date}`} cx={at[0]} cy={at[1]} r={blocked} fill="#c62828" fillOpacity={0.12} stroke="#c62828" strokeOpacity={0.6} strokeWidth={unit * 0.12} strokeDasharray={`${unit * 0.4} ${unit * 0.3}`} />
        ) : null,
      )}
      {spots.map(({ spot, at }) => (
        <g key={spot.date}>
          <title>{t('greenkeeper.pins.spotTitle', { count: spot.daysAgo, in: spot.outMeters, side: spot.sideMeters })}</title>
          <circle cx={at[0]} cy={at[1]} r={unit * 0.45} fill={spotColour(spot.daysAgo, settings.reuseDays)} />
          {!compact && (
            <text
              x={at[0] + unit * 0.6}
              y={at[1] - unit * 0.4}
              fontSize={unit * 1.15}
              fontFamily="sans-serif"
              fontWeight={spot.daysAgo <= settings.reuseDays ? 700 : 400}
              fill={spotColour(spot.daysAgo, settings.reuseDays)}
              stroke="#fff"
              strokeWidth={unit * 0.25}
              paintOrder="stroke"
            >
              {spot.daysAgo}
            </text>
          )}
        </g>
      ))}
      {sketch.playUp && <circle cx={0} cy={0} r={unit * 0.4} fill="#1f6f43" />}
      {pin && (
        <g data-testid="planned-pin">
          <line x1={pin[0]} y1={pin[1]} x2={pin[0]} y2={pin[1] - unit * 2.6} stroke="#000" strokeWidth={unit * 0.2} />
          <path d={`M${pin[0]},${pin[1] - unit * 2.6}l${unit * 1.5},${unit * 0.55}l${-unit * 1.5},${unit * 0.55}z`} fill="#1565c0" />
          <circle cx={pin[0]} cy={pin[1]} r={unit * 0.55} fill="#1565c0" stroke="#fff" strokeWidth={unit * 0.15} />
        </g>
      )}
      {!compact && (
        <g>
          <line x1={x + unit} y1={barY} x2={x + unit + SCALE_BAR_METRES} y2={barY} stroke="#000" strokeWidth={unit * 0.2} />
          <text x={x + unit * 1.6 + SCALE_BAR_METRES} y={barY + unit * 0.45} fontSize={unit * 1.1} fontFamily="sans-serif">
            {t('greenkeeper.pins.metres', { value: SCALE_BAR_METRES })}
          </text>
        </g>
      )}
    </svg>
  );
}
