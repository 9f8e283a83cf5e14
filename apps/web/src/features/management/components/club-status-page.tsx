import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import MapIcon from '@mui/icons-material/Map';
import type { ClubMappingStatus, CourseMappingStatus } from '@golf/contract/api/management';
import { canSeeManagement } from '@golf/contract/permissions';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { screenHref } from '../../../config/screens';
import { useSession } from '../../../lib/auth/session';
import { useClubId } from '../../../lib/use-club-id';
import { useViewParam } from '../../../lib/use-view-param';
import { useMappingStatus } from '../api/management';
import { holeChecks, isFailing, statusCounts } from '../utils/status';
import { ClubsStatusTable } from './clubs-status-table';
import { CheckCell, FindingList, holeTitle, OpenEditorButton, useMayOpenEditor } from './hole-status';

const VIEWS = ['club', 'clubs'] as const;

/**
 * /:clubId/admin/club-status — the mapping status of the club (issue 27): per course a table of
 * its holes with the three status checks and the graphics catalogue's rules, summary counts, and
 * a link to the hole editor for each failing hole; beside it (a tab) every club the user manages
 * with its counts, sortable and searchable, each leading to its own status.
 */
export function ClubStatusPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const profile = useSession().profile;
  const [view, setView] = useViewParam(VIEWS);
  const overview = canSeeManagement(profile);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      {overview && (
        <Tabs value={view} onChange={(_, v: (typeof VIEWS)[number]) => setView(v)} aria-label={t('management.clubStatus.views')} variant="scrollable" allowScrollButtonsMobile>
          <Tab value="club" label={t('management.clubStatus.thisClub')} id="status-tab-club" aria-controls="status-panel" />
          <Tab value="clubs" label={profile?.admin ? t('management.clubStatus.allClubs') : t('management.clubStatus.myClubs')} id="status-tab-clubs" aria-controls="status-panel" />
        </Tabs>
      )}
      <Box id="status-panel" role={overview ? 'tabpanel' : undefined} aria-labelledby={overview ? `status-tab-${view}` : undefined} sx={{ minWidth: 0 }}>
        {view === 'clubs' && overview ? <ClubsStatusTable clubId={clubId} /> : <ClubMapping clubId={clubId} />}
      </Box>
    </Box>
  );
}

function ClubMapping({ clubId }: { clubId: number }) {
  const { t, i18n } = useTranslation();
  const status = useMappingStatus(clubId);
  const [onlyFailing, setOnlyFailing] = useState(false);
  return (
    <ListStates
      query={status}
      errorTitle={t('management.clubStatus.loadFailed')}
      loadingRows={6}
      empty={
        status.data?.courses.length === 0 ? (
          <EmptyState title={t('management.clubStatus.noCourses')}>
            <Typography variant="body2">{t('management.clubStatus.noCoursesHint')}</Typography>
          </EmptyState>
        ) : null
      }
    >
      {() => {
        const data = status.data!;
        const holes = data.courses.flatMap((c) => c.holes);
        const counts = statusCounts(holes);
        const computed = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(data.computed_at));
        return (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
            <Summary data={data} counts={counts} computed={computed} />
            <FormControlLabel
              control={<Switch checked={onlyFailing} onChange={(e) => setOnlyFailing(e.target.checked)} />}
              label={t('management.clubStatus.onlyFailing')}
              sx={{ justifySelf: 'start' }}
            />
            {data.courses.map((course) => (
              <CourseStatusCard key={course.id} clubId={clubId} course={course} onlyFailing={onlyFailing} />
            ))}
          </Box>
        );
      }}
    </ListStates>
  );
}

function Summary({ data, counts, computed }: { data: ClubMappingStatus; counts: ReturnType<typeof statusCounts>; computed: string }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="status-summary">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
        <Typography variant="h2" id="status-summary">
          {t('management.clubStatus.summary')}
        </Typography>
        <Box component="dl" data-testid="status-summary" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}>
          <Count label={t('management.counts.courses')} value={data.courses.length} />
          <Count label={t('management.counts.drawn')} value={t('management.counts.ofHoles', { drawn: counts.drawn, holes: counts.holes })} />
          <Count label={t('management.counts.fine')} value={counts.ok} />
          <Count label={t('management.counts.failing')} value={counts.failing} alert={counts.failing > 0} />
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('management.clubStatus.computedAt', { time: computed })}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Count({ label, value, alert = false }: { label: string; value: number | string; alert?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 600, color: alert ? 'error.main' : 'text.primary' }}>
        {value}
      </Typography>
    </Box>
  );
}

function CourseStatusCard({ clubId, course, onlyFailing }: { clubId: number; course: CourseMappingStatus; onlyFailing: boolean }) {
  const { t } = useTranslation();
  const mayOpen = useMayOpenEditor(clubId);
  const counts = statusCounts(course.holes);
  const headingId = `course-status-${course.id}`;
  const rows = onlyFailing ? course.holes.filter(isFailing) : course.holes;
  return (
    <Card component="section" aria-labelledby={headingId} data-testid="course-status">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h2" id={headingId} sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
            {course.name}
          </Typography>
          <Chip size="small" variant="outlined" label={t('management.counts.drawnOf', { drawn: counts.drawn, holes: counts.holes })} />
          <Chip size="small" color={counts.failing > 0 ? 'error' : 'success'} label={t('management.counts.failingCount', { count: counts.failing })} />
          <Button size="small" component={RouterLink} to={`${screenHref('trackMap', clubId)}?course=${course.id}`} startIcon={<MapIcon />} aria-label={t('management.clubStatus.onMapNamed', { course: course.name })}>
            {t('management.clubStatus.onMap')}
          </Button>
        </Box>
        {rows.length === 0 ? (
          <Typography color="text.secondary" role="status">
            {course.holes.length === 0 ? t('management.clubStatus.noHoles') : t('management.clubStatus.noneFailing')}
          </Typography>
        ) : (
          <TableContainer sx={{ maxWidth: '100%' }} tabIndex={0} role="region" aria-label={t('management.clubStatus.tableLabel', { course: course.name })}>
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('management.columns.hole')}</TableCell>
                  <TableCell align="center">{t('management.columns.selfIntersections')}</TableCell>
                  <TableCell align="center">{t('management.columns.boundary')}</TableCell>
                  <TableCell align="center">{t('management.columns.greens')}</TableCell>
                  <TableCell align="center">{t('management.columns.rules')}</TableCell>
                  <TableCell sx={{ minWidth: 220 }}>{t('management.columns.findings')}</TableCell>
                  {mayOpen && <TableCell>{t('management.columns.open')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((hole) => {
                  const checks = holeChecks(hole);
                  const failing = isFailing(hole);
                  return (
                    <TableRow key={hole.id} data-testid="hole-status" data-hole={hole.order} data-failing={failing ? 'true' : 'false'} sx={failing ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {holeTitle(t, hole)}
                        </Typography>
                        {hole.par !== null && (
                          <Typography variant="caption" color="text.secondary">
                            {t('management.hole.par', { par: hole.par })}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="center">
                        <CheckCell state={checks.selfIntersections} label={t('management.columns.selfIntersections')} />
                      </TableCell>
                      <TableCell align="center">
                        <CheckCell state={checks.boundary} label={t('management.columns.boundary')} />
                      </TableCell>
                      <TableCell align="center">
                        <CheckCell state={checks.greens} label={t('management.columns.greens')} />
                      </TableCell>
                      <TableCell align="center">
                        <CheckCell state={checks.rules} label={t('management.columns.rules')} />
                      </TableCell>
                      <TableCell>
                        {hole.has_drawing ? (
                          failing ? (
                            <FindingList hole={hole} />
                          ) : (
                            <Typography variant="body2" color="success.dark">
                              {t('management.hole.fine')}
                            </Typography>
                          )
                        ) : (
                          <Typography variant="body2" color="text.secondary">
                            {t('management.hole.notDrawn')}
                          </Typography>
                        )}
                      </TableCell>
                      {mayOpen && (
                        <TableCell>
                          <OpenEditorButton clubId={clubId} courseId={course.id} hole={hole} />
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {!mayOpen && counts.failing > 0 && <Alert severity="info">{t('management.clubStatus.noEditor')}</Alert>}
      </CardContent>
    </Card>
  );
}
