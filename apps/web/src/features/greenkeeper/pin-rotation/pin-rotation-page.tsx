import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { PinRotation } from '@golf/contract/api/greenkeeper';
import { awaitQueries, NotFoundCard } from '../../../components/ui/query-gate';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useCourses } from '../../../lib/courses/queries';
import { useClubId } from '../../../lib/use-club-id';
import { usePinRotation } from './api/pin-rotation';
import { GreenMap } from './components/green-map';
import { NextSetupSection } from './components/next-setup-section';
import { PlayedDaysSection } from './components/played-days-section';
import { RulesSection } from './components/rules-section';
import { addDays, formatDay, isDate, localDate, rowPin, spotColour, type PinRow } from './utils/rotation';

/**
 * /:clubId/courses/:courseId/pin-rotation (issue 25) — pin rotation that spares the greens: every
 * green's spots of the last weeks on a small map (days since each was used, the circles still
 * blocked), a suggested next setup checked live against the club's rules and saved as a normal pin
 * setup, the days played with their setup, and the rules themselves.
 */
export function PinRotationPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const courseId = Number(useParams().courseId);
  const courses = useCourses(clubId);
  const rotation = usePinRotation(clubId, courseId);
  const [date, setDate] = useState(() => addDays(localDate(), 1));
  const [rows, setRows] = useState<Record<number, PinRow> | null>(null);

  if (rotation.isError && isApiError(rotation.error) && rotation.error.status === 404) return <NotFoundCard title={t('greenkeeper.pins.courseNotFound')} />;
  const gate = awaitQueries([courses, rotation], { rows: 8, errorTitle: courses.isError ? undefined : t('greenkeeper.pins.loadFailed') });
  if (gate.view) return gate.view;
  const [courseList, data] = gate.data;
  const course = courseList.find((c) => c.id === courseId);
  if (!course) return <NotFoundCard title={t('greenkeeper.pins.courseNotFound')} />;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1200 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.club.pinPositions(clubId, course.id)}>
          {t('greenkeeper.pins.backToPins', { course: course.name })}
        </Button>
      </Box>
      <NextSetupSection clubId={clubId} courseId={course.id} rotation={data} date={date} onDate={setDate} rows={rows} onRows={setRows} />
      <GreensSection rotation={data} date={date} rows={rows} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <PlayedDaysSection clubId={clubId} courseId={course.id} rotation={data} />
        <RulesSection key={JSON.stringify(data.settings)} clubId={clubId} settings={data.settings} />
      </Box>
    </Box>
  );
}

/** Days of spots the maps show at first: two weeks (or the reuse days when longer). */
const DEFAULT_SPAN = 14;

/** The spans of spots to choose from: the reuse days, two weeks, a month, all 60 days the rotation holds. */
function spanChoices(reuseDays: number): number[] {
  return [...new Set([reuseDays, 14, 30, 60])].filter((d) => d <= 60).sort((a, b) => a - b);
}

/** Every green's map: the spots played with the days since, the blocked circles on the planned date, and the planned pin. */
function GreensSection({ rotation, date, rows }: { rotation: PinRotation; date: string; rows: Record<number, PinRow> | null }) {
  const { t, i18n } = useTranslation();
  const greens = [...rotation.greens].sort((a, b) => a.order - b.order);
  const planDate = isDate(date) ? date : addDays(localDate(), 1);
  const { reuseDays } = rotation.settings;
  const spans = spanChoices(reuseDays);
  const [span, setSpan] = useState(() => Math.max(reuseDays, DEFAULT_SPAN));
  return (
    <Card component="section" aria-labelledby="greens-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Typography variant="h2" id="greens-title">
          {t('greenkeeper.pins.greens')}
        </Typography>
        <Typography variant="body2" color="text.secondary" id="greens-legend">
          {t('greenkeeper.pins.greensLegend', { date: formatDay(planDate, i18n.language), edge: rotation.settings.edgeDistance.toLocaleString(i18n.language) })}
        </Typography>
        <Box component="ul" aria-label={t('greenkeeper.pins.colourKey')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
          {[
            { colour: spotColour(1, reuseDays), text: t('greenkeeper.pins.keyYesterday') },
            { colour: spotColour(Math.ceil(reuseDays / 2), reuseDays), text: t('greenkeeper.pins.keyRecent', { days: Math.ceil(reuseDays / 2) }) },
            { colour: spotColour(reuseDays, reuseDays), text: t('greenkeeper.pins.keyBlocked', { days: reuseDays }) },
            { colour: spotColour(reuseDays + 1, reuseDays), text: t('greenkeeper.pins.keyOlder') },
            { colour: '#1565c0', text: t('greenkeeper.pins.keyPlanned') },
          ].map((k) => (
            <Box component="li" key={k.text} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: k.colour, flexShrink: 0 }} />
              <Typography variant="caption">{k.text}</Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" id="span-label">
            {t('greenkeeper.pins.showDays')}
          </Typography>
          <ToggleButtonGroup exclusive size="small" value={span} onChange={(_e, v: number | null) => v !== null && setSpan(v)} aria-labelledby="span-label">
            {spans.map((days) => (
              <ToggleButton key={days} value={days} sx={{ px: 1.25 }}>
                {t('greenkeeper.pins.spanDays', { count: days })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {greens.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('greenkeeper.pins.noGreens')}
          </Typography>
        ) : (
          <Box
            component="ol"
            aria-label={t('greenkeeper.pins.greens')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}
          >
            {greens.map((green) => {
              const planned = rows ? rowPin(rows[green.holeId]) : null;
              return (
                <Box component="li" key={green.holeId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {t('greenkeeper.pins.holeN', { number: green.order })}
                  </Typography>
                  <Box sx={{ height: { xs: 170, sm: 220 }, mt: 0.5 }}>
                    <GreenMap green={green} settings={rotation.settings} planDate={planDate} planned={planned} span={span} />
                  </Box>
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                    {green.history[0]
                      ? t('greenkeeper.pins.lastUsed', { count: green.history[0].daysAgo, in: green.history[0].outMeters, side: green.history[0].sideMeters })
                      : t('greenkeeper.pins.noSpots')}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
