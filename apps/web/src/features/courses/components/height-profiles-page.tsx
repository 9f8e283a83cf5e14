import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { LineChart } from '@mui/x-charts/LineChart';
import type { Course, Hole } from '@golf/contract/api/courses';
import { heightProfile } from '@golf/contract/geo/profile';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { awaitQueries, NotFoundCard } from '../../../components/ui/query-gate';
import { useClubId } from '../../../lib/use-club-id';
import { drawingQueryOptions, useCourses } from '../../../lib/courses/queries';
import { profileFormat, riseText } from '../utils/height-profile';

/** /:clubId/courses/:courseId/height-profiles — the height of each hole along its play line. */
export function HeightProfilesPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const courseId = Number(useParams().courseId);
  const courses = useCourses(clubId);
  const gate = awaitQueries([courses], { rows: 4 });
  if (gate.view) return gate.view;
  const course = gate.data[0].find((c) => c.id === courseId);
  if (!course) return <NotFoundCard title={t('courses.notFound')} />;
  const holes = [...course.holes].sort((a, b) => a.order - b.order);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1200 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.club.course(clubId, course.id)}>
          {course.name}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
          {t('heightProfiles.hint')}
        </Typography>
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {holes.map((hole) => (
          <HoleProfile key={hole.id} clubId={clubId} course={course} hole={hole} />
        ))}
      </Box>
    </Box>
  );
}

/** True once the element has come near the viewport (always true where IntersectionObserver is missing). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '300px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

/** The chart's numbers: the distance from the tee and the height of each point of the play line with a height. */
function ProfileTable({ points, titleId }: { points: { distance: number; height: number }[]; titleId: string }) {
  const { t, i18n } = useTranslation();
  const format = profileFormat(i18n.language);
  return (
    // Scrolls when the line has many points: focusable, so the keyboard can scroll it.
    <TableContainer sx={{ maxHeight: 220 }} data-testid="profile-table" tabIndex={0} role="region" aria-labelledby={titleId}>
      <Table size="small" stickyHeader aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('heightProfiles.point')}</TableCell>
            <TableCell align="right">{t('heightProfiles.distanceAxis')}</TableCell>
            <TableCell align="right">{t('heightProfiles.heightAxis')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {points.map((p, i) => (
            <TableRow key={i}>
              <TableCell>{i + 1}</TableCell>
              <TableCell align="right">{format.distance(p.distance)}</TableCell>
              <TableCell align="right">{format.height(p.height)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function HoleProfile({ clubId, course, hole }: { clubId: number; course: Course; hole: Hole }) {
  const { t, i18n } = useTranslation();
  const format = profileFormat(i18n.language);
  const { ref, seen } = useSeen<HTMLLIElement>();
  const drawing = useQuery({ ...drawingQueryOptions(clubId, hole.id), enabled: seen && hole.has_drawing });
  const titleId = `profile-${hole.id}`;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const profile = drawing.data ? heightProfile(drawing.data.drawing) : null;
  const elevationLink = (
    <Link component={RouterLink} to={paths.club.holeEditor(clubId, course.id, hole.id, 'edit-elevation')}>
      {t('heightProfiles.openElevation', { number: hole.order })}
    </Link>
  );

  let body;
  if (!hole.has_drawing || (drawing.isSuccess && !profile)) {
    body = (
      <Box sx={{ py: 3, textAlign: 'center', display: 'grid', gap: 1, justifyItems: 'center' }}>
        <Typography color="text.secondary">{t('heightProfiles.noHeights')}</Typography>
        {elevationLink}
      </Box>
    );
  } else if (drawing.isError) {
    body = <ErrorState error={drawing.error} onRetry={() => void drawing.refetch()} />;
  } else if (!profile) {
    body = (
      <Box role="status" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={220} />
      </Box>
    );
  } else {
    const rise = riseText(profile.points);
    const lowest = Math.min(...profile.points.map((p) => p.height));
    const highest = Math.max(...profile.points.map((p) => p.height));
    body = (
      <>
        <Typography>
          {t(rise.key, { metres: format.height(rise.metres), length: format.distance(profile.length) })}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {t('heightProfiles.range', { low: format.height(lowest), high: format.height(highest) })}
          </Typography>
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, value: 'chart' | 'table' | null) => value && setView(value)}
          aria-label={t('heightProfiles.view', { number: hole.order })}
          sx={{ justifySelf: 'start' }}
        >
          <ToggleButton value="chart">{t('heightProfiles.chart')}</ToggleButton>
          <ToggleButton value="table">{t('heightProfiles.table')}</ToggleButton>
        </ToggleButtonGroup>
        {view === 'table' ? (
          <ProfileTable points={profile.points} titleId={titleId} />
        ) : (
          <LineChart
            height={220}
            margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
            xAxis={[{ data: profile.points.map((p) => Math.round(p.distance)), label: t('heightProfiles.distanceAxis'), min: 0, max: Math.round(profile.length), valueFormatter: (v: number) => format.distance(v) }]}
            yAxis={[{ label: t('heightProfiles.heightAxis'), min: Math.floor(lowest - 2), max: Math.ceil(highest + 2), valueFormatter: (v: number) => format.height(v) }]}
            series={[
              {
                data: profile.points.map((p) => Math.round(p.height * 10) / 10),
                label: t('heightProfiles.height'),
                area: true,
                showMark: false,
                color: '#1f6f43',
                valueFormatter: (v) => (v === null ? '' : t('courses.metres', { value: format.height(v) })),
              },
            ]}
            hideLegend
            // The table view is the way to the numbers by keyboard and screen reader; the chart's own
            // navigation would add a stop per hole, drawn without a focus ring.
            disableKeyboardNavigation
            aria-labelledby={titleId}
            sx={{ '& .MuiAreaElement-root': { fillOpacity: 0.25 } }}
          />
        )}
        <Box>{elevationLink}</Box>
      </>
    );
  }

  return (
    <Box component="li" ref={ref} sx={{ minWidth: 0 }}>
      <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <Typography variant="h2" id={titleId}>
            {t('heightProfiles.holeTitle', { number: hole.order, par: hole.par })}
          </Typography>
          {body}
        </CardContent>
      </Card>
    </Box>
  );
}
