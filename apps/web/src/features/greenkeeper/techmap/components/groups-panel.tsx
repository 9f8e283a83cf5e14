import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { GREENKEEPER_LIMITS, type TrackingGroup, type TrackingGroupCourse } from '@golf/contract/api/greenkeeper';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ListStates } from '../../../../components/ui/list-states';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { useDeleteGroup, useTrackingGroupCourses, useTrackingGroups } from '../api/tech-map';
import { GROUP_COLOURS, GroupDialog } from './group-dialog';

type Editing = { kind: 'new' } | { kind: 'edit'; group: TrackingGroup };

/**
 * The club's tracking groups: choose the active one, create, rename and recolour, delete (after a
 * confirmation). The course filter (§9) keeps the groups with at least 2 elements on the course.
 */
export function GroupsPanel({ clubId, courseId, activeId, onActivate }: { clubId: number; courseId: number | null; activeId: number | null; onActivate: (id: number | null) => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const groups = useTrackingGroups(clubId);
  const courses = useTrackingGroupCourses(clubId);
  const remove = useDeleteGroup(clubId);
  const [onCourseOnly, setOnCourseOnly] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<TrackingGroup | null>(null);
  const list = groups.data ?? [];
  const onCourse = new Map<number, TrackingGroupCourse>((courses.data ?? []).filter((c) => c.courseId === courseId).map((c) => [c.trackingGroupId, c]));
  const shown = onCourseOnly ? list.filter((g) => onCourse.has(g.id) || g.id === activeId) : list;
  const full = list.length >= GREENKEEPER_LIMITS.groupsMax;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      snackbar.confirm(t('greenkeeper.techmap.groups.deleted', { name: deleting.name }));
      if (activeId === deleting.id) onActivate(null);
      setDeleting(null);
    } catch (error) {
      snackbar.error(t('greenkeeper.techmap.groups.deleteFailed'), errorText(error, t));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="tech-map-groups-title" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" id="tech-map-groups-title" sx={{ fontSize: '1.1rem', fontWeight: 600, flex: 1 }}>
          {t('greenkeeper.techmap.groups.title')}
        </Typography>
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new' })} disabled={full || groups.isPending}>
          {t('greenkeeper.techmap.groups.new')}
        </Button>
      </Box>
      <FormControlLabel
        control={<Switch size="small" checked={onCourseOnly} onChange={(e) => setOnCourseOnly(e.target.checked)} disabled={courseId === null} />}
        label={<Typography variant="body2">{t('greenkeeper.techmap.groups.onCourseOnly')}</Typography>}
      />
      <ListStates
        query={groups}
        errorTitle={t('greenkeeper.techmap.groups.loadFailed')}
        loadingRows={3}
        empty={
          groups.data && shown.length === 0 ? (
            <EmptyState title={list.length === 0 ? t('greenkeeper.techmap.groups.empty') : t('greenkeeper.techmap.groups.noneOnCourse')}>
              {list.length === 0 && <Typography variant="body2">{t('greenkeeper.techmap.groups.emptyHint')}</Typography>}
            </EmptyState>
          ) : null
        }
      >
        {() => (
          <List dense disablePadding aria-label={t('greenkeeper.techmap.groups.listLabel')} sx={{ maxHeight: { md: 280 }, overflowY: { md: 'auto' } }}>
            {shown.map((g) => {
              const here = onCourse.get(g.id)?.count;
              const active = g.id === activeId;
              return (
                <ListItem
                  key={g.id}
                  disablePadding
                  data-testid="tracking-group"
                  secondaryAction={
                    <Box sx={{ display: 'flex' }}>
                      <IconButton size="small" onClick={() => setEditing({ kind: 'edit', group: g })} aria-label={t('greenkeeper.techmap.groups.editNamed', { name: g.name })} title={t('greenkeeper.techmap.groups.edit')}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton size="small" onClick={() => setDeleting(g)} aria-label={t('greenkeeper.techmap.groups.deleteNamed', { name: g.name })} title={t('greenkeeper.techmap.groups.delete')}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Box>
                  }
                  sx={{ '& .MuiListItemButton-root': { pr: 10 } }}
                >
                  <ListItemButton selected={active} aria-pressed={active} onClick={() => onActivate(active ? null : g.id)}>
                    <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: g.color, border: 1, borderColor: 'divider', mr: 1.5, flexShrink: 0 }} />
                    <ListItemText
                      primary={g.name}
                      secondary={[
                        t('greenkeeper.techmap.groups.elements', { count: g.trackingCount }),
                        here !== undefined ? t('greenkeeper.techmap.groups.onThisCourse', { count: here }) : null,
                        t('greenkeeper.techmap.groups.comments', { count: g.commentCount }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere', fontWeight: active ? 600 : undefined } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </ListStates>
      {editing && (
        <GroupDialog
          clubId={clubId}
          group={editing.kind === 'edit' ? editing.group : null}
          suggestedColour={GROUP_COLOURS[list.length % GROUP_COLOURS.length]}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (editing.kind === 'new') onActivate(saved.id);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('greenkeeper.techmap.groups.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('greenkeeper.techmap.groups.delete')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {t('greenkeeper.techmap.groups.deleteText', { elements: deleting?.trackingCount ?? 0, comments: deleting?.commentCount ?? 0 })}
      </ConfirmDialog>
    </Paper>
  );
}
