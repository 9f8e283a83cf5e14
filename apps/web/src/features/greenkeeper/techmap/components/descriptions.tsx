import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { GREENKEEPER_LIMITS, TrackingDescriptionBody, type TrackingDescription, type TrackingGroup } from '@golf/contract/api/greenkeeper';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ListStates } from '../../../../components/ui/list-states';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { useDeleteDescription, useDescriptions, useSaveDescription } from '../api/tech-map';
import { messageKey } from '../utils/messages';

type Editing = { kind: 'new' } | { kind: 'edit'; description: TrackingDescription };

/** A group's descriptions (§3: name and text): what the crew does, how and with what. */
export function Descriptions({ clubId, group }: { clubId: number; group: TrackingGroup }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const descriptions = useDescriptions(clubId);
  const remove = useDeleteDescription(clubId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<TrackingDescription | null>(null);
  const mine = (descriptions.data ?? []).filter((d) => d.trackingGroupId === group.id);
  const full = mine.length >= GREENKEEPER_LIMITS.descriptionsPerGroupMax;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ groupId: group.id, id: deleting.id });
      snackbar.confirm(t('greenkeeper.techmap.descriptions.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch (error) {
      snackbar.error(t('greenkeeper.techmap.descriptions.deleteFailed'), errorText(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box>
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing({ kind: 'new' })} disabled={full}>
          {t('greenkeeper.techmap.descriptions.add')}
        </Button>
        {full && (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('greenkeeper.techmap.descriptions.full', { max: GREENKEEPER_LIMITS.descriptionsPerGroupMax })}
          </Typography>
        )}
      </Box>
      <ListStates
        query={descriptions}
        errorTitle={t('greenkeeper.techmap.descriptions.loadFailed')}
        empty={
          descriptions.data && mine.length === 0 ? (
            <EmptyState title={t('greenkeeper.techmap.descriptions.empty')}>
              <Typography variant="body2">{t('greenkeeper.techmap.descriptions.emptyHint')}</Typography>
            </EmptyState>
          ) : null
        }
      >
        {() => (
          <Box component="ul" aria-label={t('greenkeeper.techmap.descriptions.listLabel', { name: group.name })} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {mine.map((d) => (
              <Paper component="li" variant="outlined" key={d.id} data-testid="description" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
                    {d.name}
                  </Typography>
                  {d.description && (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {d.description}
                    </Typography>
                  )}
                </Box>
                <IconButton size="small" onClick={() => setEditing({ kind: 'edit', description: d })} aria-label={t('greenkeeper.techmap.descriptions.editNamed', { name: d.name })} title={t('greenkeeper.techmap.descriptions.edit')}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={() => setDeleting(d)} aria-label={t('greenkeeper.techmap.descriptions.deleteNamed', { name: d.name })} title={t('greenkeeper.techmap.descriptions.delete')}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Paper>
            ))}
          </Box>
        )}
      </ListStates>
      {editing && <DescriptionDialog clubId={clubId} group={group} editing={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('greenkeeper.techmap.descriptions.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('greenkeeper.techmap.descriptions.delete')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {t('greenkeeper.techmap.descriptions.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}

function DescriptionDialog({ clubId, group, editing, onClose }: { clubId: number; group: TrackingGroup; editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const save = useSaveDescription(clubId);
  const start = editing.kind === 'edit' ? editing.description : null;
  const [name, setName] = useState(start?.name ?? '');
  const [text, setText] = useState(start?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});

  const submit = async () => {
    const parsed = TrackingDescriptionBody.safeParse({ name, description: text });
    if (!parsed.success) {
      const found: { name?: string; description?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'description' ? 'description' : 'name';
        found[field] ??= t(messageKey(issue.message));
      }
      return setErrors(found);
    }
    try {
      await save.mutateAsync({ groupId: group.id, id: start?.id ?? null, body: parsed.data });
      snackbar.confirm(t('greenkeeper.techmap.descriptions.saved', { name: parsed.data.name }));
      onClose();
    } catch (error) {
      snackbar.error(t('greenkeeper.techmap.descriptions.saveFailed'), errorText(error, t));
    }
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby="description-dialog-title" fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="description-dialog-title">{start ? t('greenkeeper.techmap.descriptions.editTitle') : t('greenkeeper.techmap.descriptions.newTitle', { name: group.name })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={t('greenkeeper.techmap.descriptions.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((v) => ({ ...v, name: undefined }));
            }}
            required
            autoFocus
            error={!!errors.name}
            helperText={errors.name ?? ' '}
            slotProps={{ htmlInput: { maxLength: GREENKEEPER_LIMITS.descriptionNameMax + 1 } }}
          />
          <TextField
            label={t('greenkeeper.techmap.descriptions.text')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setErrors((v) => ({ ...v, description: undefined }));
            }}
            multiline
            minRows={3}
            error={!!errors.description}
            helperText={errors.description ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
