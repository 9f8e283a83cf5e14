import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { Course } from '@golf/contract/api/courses';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useCourseStatus } from '../../../lib/courses/queries';
import { describeChecks, elementKey } from '../utils/drawing-checks';

/** The status checks of the course's saved drawings (§3) in plain words; a green tick when all is fine. */
export function DrawingChecks({ clubId, course }: { clubId: number; course: Course }) {
  const { t } = useTranslation();
  const status = useCourseStatus(clubId, course.id);
  let body;
  if (status.isPending) body = <LoadingState rows={2} />;
  else if (status.isError) body = <ErrorState error={status.error} title={t('courses.checks.loadFailed')} onRetry={() => void status.refetch()} />;
  else {
    const findings = describeChecks(course.holes, status.data).flatMap((h) => h.findings);
    body =
      findings.length === 0 ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
          <CheckCircleIcon color="success" />
          <Typography>{t('courses.checks.allFine')}</Typography>
        </Box>
      ) : (
        <List dense disablePadding>
          {findings.map((f, i) => {
            const key = typeof f.values.element === 'string' ? elementKey(f.values.element) : null;
            const element = key ? t(key) : f.values.element;
            return (
              <ListItem key={i} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <WarningAmberIcon color="warning" />
                </ListItemIcon>
                <ListItemText primary={t(f.key, { ...f.values, element })} />
              </ListItem>
            );
          })}
        </List>
      );
  }
  return (
    <Card component="section" aria-labelledby="drawing-checks">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box>
          <Typography variant="h2" id="drawing-checks">
            {t('courses.checks.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('courses.checks.hint')}
          </Typography>
        </Box>
        {body}
      </CardContent>
    </Card>
  );
}
