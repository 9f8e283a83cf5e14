import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import type { Hole } from '@golf/contract/api/courses';
import type { CourseStatus } from '../../../lib/courses/queries';
import { holeCheckProblems } from '../utils/hole-status';

/**
 * The holes beside the map of /admin/atla: each with its features now, whether it has unsaved
 * changes and what the stored checks found; a hole is a button that brings it into view.
 */
export function HoleList({
  holes,
  summary,
  status,
  focusHoleId,
  unassigned,
  onFocus,
}: {
  holes: readonly Hole[];
  summary: ReadonlyMap<number, { features: number; changed: boolean }>;
  status?: CourseStatus;
  focusHoleId: number | null;
  unassigned: number;
  onFocus: (holeId: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ width: { md: 240 }, flexShrink: 0, maxHeight: { xs: 260, md: 'calc(100vh - 290px)' }, minHeight: { md: 420 }, overflowY: 'auto' }}>
      <List dense aria-labelledby="atla-holes-title" subheader={<ListSubheader id="atla-holes-title">{t('courseMapping.atla.holes')}</ListSubheader>} data-testid="atla-holes">
        <ListItem disablePadding>
          <ListItemButton selected={focusHoleId === null} aria-current={focusHoleId === null ? 'true' : undefined} onClick={() => onFocus(null)}>
            <ListItemText primary={t('courseMapping.wholeCourse')} secondary={unassigned > 0 ? t('courseMapping.unassigned', { count: unassigned }) : undefined} />
          </ListItemButton>
        </ListItem>
        {holes.map((h) => {
          const now = summary.get(h.id) ?? { features: 0, changed: false };
          const problems = status ? holeCheckProblems(status, h.id) : null;
          const parts = [
            now.features === 0 ? t('courseMapping.atla.notDrawn') : t('courseMapping.atla.features', { count: now.features }),
            now.changed ? t('courseMapping.atla.changed') : null,
            problems === null ? null : problems === 0 ? t('courseMapping.atla.checksPassed') : t('courseMapping.atla.checksFailed', { count: problems }),
          ].filter(Boolean);
          return (
            <ListItem key={h.id} disablePadding data-testid="atla-hole" data-hole={h.order}>
              <ListItemButton selected={focusHoleId === h.id} aria-current={focusHoleId === h.id ? 'true' : undefined} onClick={() => onFocus(h.id)}>
                <ListItemText
                  primary={t('courseMapping.atla.holeLine', { number: h.order, par: h.par })}
                  secondary={parts.join(' · ')}
                  slotProps={{ secondary: { sx: { color: problems ? 'error.main' : undefined } } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
