import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { Course } from '@golf/contract/api/courses';
import type { SponsorSetup } from '@golf/contract/api/sponsors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { awaitQueries } from '../../../components/ui/query-gate';
import { screenHref } from '../../../config/screens';
import { useCourses } from '../../../lib/courses/queries';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useDeleteSponsorSetup, useSponsors, useSponsorSetups } from '../api/sponsor-setups';
import { setupCounts } from '../utils/draft';

/** /:clubId/promotion/sponsor-setups — the club's courses, each with its sponsor setups (§2, §3). */
export function SponsorSetupsPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const snackbar = useSnackbar();
  const courses = useCourses(clubId);
  const setups = useSponsorSetups(clubId);
  const sponsors = useSponsors(clubId);
  const remove = useDeleteSponsorSetup(clubId);
  const [deleting, setDeleting] = useState<SponsorSetup | null>(null);

  const gate = awaitQueries([courses, setups, sponsors], { rows: 6, errorTitle: t('sponsorSetups.loadFailed') });
  if (gate.view) return gate.view;
  const [courseData, setupData, sponsorData] = gate.data;

  const deleteSetup = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      snackbar.confirm(t('sponsorSetups.deleted', { name: deleting.name }));
    } catch (error) {
      snackbar.error(t('sponsorSetups.deleteFailed'), errorText(error, t));
    }
    setDeleting(null);
  };

  const courseList = [...courseData].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 960 }}>
      <Typography color="text.secondary">{t('sponsorSetups.intro')}</Typography>
      {sponsorData.length === 0 && (
        <Card>
          <EmptyState title={t('sponsorSetups.noSponsors')}>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('sponsorSetups.noSponsorsText')}
            </Typography>
            <Button variant="contained" component={RouterLink} to={screenHref('sponsors', clubId)}>
              {t('sponsorSetups.toSponsors')}
            </Button>
          </EmptyState>
        </Card>
      )}
      {courseList.length === 0 ? (
        <Card>
          <EmptyState title={t('sponsorSetups.noCourses')}>
            <Typography variant="body2">{t('sponsorSetups.noCoursesText')}</Typography>
          </EmptyState>
        </Card>
      ) : (
        courseList.map((course) => (
          <CourseSetups key={course.id} clubId={clubId} course={course} setups={setupData.filter((s) => s.course_id === course.id)} onDelete={setDeleting} />
        ))
      )}
      {setupData.length > 0 && sponsorData.length > 0 && (
        <Alert severity="info" variant="outlined">
          {t('sponsorSetups.guideHint')}
        </Alert>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('sponsorSetups.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('sponsorSetups.delete')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void deleteSetup()}
      >
        {t('sponsorSetups.confirmDeleteText')}
      </ConfirmDialog>
    </Box>
  );
}

function CourseSetups({ clubId, course, setups, onDelete }: { clubId: number; course: Course; setups: SponsorSetup[]; onDelete: (setup: SponsorSetup) => void }) {
  const { t } = useTranslation();
  const titleId = `course-${course.id}-setups`;
  const list = [...setups].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Card component="section" aria-labelledby={titleId} data-testid="course-setups">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography variant="h2" id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {course.name}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={screenHref('newSponsorSetup', clubId, { courseId: course.id })}
            aria-label={t('sponsorSetups.newSetupOn', { course: course.name })}
          >
            {t('sponsorSetups.newSetup')}
          </Button>
        </Box>
        {list.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('sponsorSetups.noSetups')}
          </Typography>
        ) : (
          <List disablePadding aria-labelledby={titleId}>
            {list.map((setup) => {
              const counts = setupCounts(setup);
              return (
                <ListItem
                  key={setup.id}
                  disablePadding
                  data-testid="setup-row"
                  secondaryAction={
                    <Tooltip title={t('sponsorSetups.deleteNamed', { name: setup.name })}>
                      <IconButton edge="end" aria-label={t('sponsorSetups.deleteNamed', { name: setup.name })} onClick={() => onDelete(setup)}>
                        <DeleteOutlinedIcon />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemButton component={RouterLink} to={screenHref('sponsorSetup', clubId, { courseId: course.id, sponsorSetupId: setup.id })}>
                    <ListItemText
                      primary={setup.name}
                      secondary={`${t('sponsorSetups.pagePlaces', { count: counts.pages })} · ${t('sponsorSetups.signs', { count: counts.signs })}`}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
