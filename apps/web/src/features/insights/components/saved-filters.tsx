import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HEATMAP_FILTERS_MAX, SaveHeatmapFilterBody, type HeatmapFilter, type SavedHeatmapFilter } from '@golf/contract/api/insights';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useCreateSavedFilter, useDeleteSavedFilter, useSavedFilters, useUpdateSavedFilter } from '../api/insights';
import { sameFilter } from '../utils/heatmap';

/** The contract's name rule as a translation key (the name field's message). */
function nameProblem(name: string): string | null {
  const result = SaveHeatmapFilterBody.shape.name.safeParse(name);
  if (result.success) return null;
  return result.error.issues.some((i) => i.code === 'too_big') ? 'insights.heatmap.saved.nameTooLong' : 'insights.heatmap.saved.nameRequired';
}

/** The dialog that names a filter (save as, rename); the server's refusal shows under the name. */
function NameDialog({
  title,
  submitLabel,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = nameProblem(name);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setBusy(true);
    setRefusal(null);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      setRefusal(errorText(error, t));
      setBusy(false);
    }
  };
  const message = refusal ?? (touched && problem ? t(problem, { max: 80 }) : null);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="saved-filter-dialog-title" maxWidth="xs" fullWidth>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="saved-filter-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('insights.heatmap.saved.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setRefusal(null);
            }}
            onBlur={() => setTouched(true)}
            error={message !== null}
            helperText={message ?? ' '}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type Dialogs = 'saveAs' | 'rename' | 'delete' | null;

/**
 * The user's saved filters in this club (§2 Heatmap filters: saved and loaded): pick one to load
 * it; save the current filter under a new name, save changes to the loaded one, rename it, delete
 * it after a confirmation.
 */
export function SavedFilters({
  clubId,
  filter,
  loadedId,
  onLoad,
}: {
  clubId: number;
  filter: HeatmapFilter;
  loadedId: number | null;
  onLoad: (saved: SavedHeatmapFilter | null) => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const saved = useSavedFilters(clubId);
  const create = useCreateSavedFilter(clubId);
  const update = useUpdateSavedFilter(clubId);
  const remove = useDeleteSavedFilter(clubId);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const list = saved.data ?? [];
  const loaded = list.find((s) => s.id === loadedId) ?? null;
  const changed = loaded !== null && !sameFilter(loaded.filter, filter);
  const full = list.length >= HEATMAP_FILTERS_MAX;

  const saveChanges = async () => {
    if (!loaded) return;
    try {
      await update.mutateAsync({ id: loaded.id, body: { name: loaded.name, filter } });
      snackbar.confirm(t('insights.heatmap.saved.updated', { name: loaded.name }));
    } catch (error) {
      snackbar.error(t('insights.heatmap.saved.updateFailed', { name: loaded.name }), errorText(error, t));
    }
  };
  const confirmDelete = async () => {
    if (!loaded) return;
    try {
      await remove.mutateAsync(loaded.id);
      snackbar.confirm(t('insights.heatmap.saved.deleted', { name: loaded.name }));
      onLoad(null);
      setDialog(null);
    } catch (error) {
      snackbar.error(t('insights.heatmap.saved.deleteFailed', { name: loaded.name }), errorText(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="saved-filters">
      <TextField
        select
        size="small"
        label={t('insights.heatmap.saved.label')}
        value={loaded ? String(loaded.id) : ''}
        onChange={(e) => onLoad(list.find((s) => String(s.id) === e.target.value) ?? null)}
        disabled={!saved.isSuccess}
        helperText={
          saved.isError
            ? errorText(saved.error, t)
            : list.length === 0
              ? t('insights.heatmap.saved.none')
              : changed
                ? t('insights.heatmap.saved.changed')
                : ' '
        }
        error={saved.isError}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <em>{t('insights.heatmap.saved.unsaved')}</em>
        </MenuItem>
        {list.map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => setDialog('saveAs')} disabled={!saved.isSuccess || full}>
          {t('insights.heatmap.saved.saveAs')}
        </Button>
        {loaded && (
          <>
            <Button size="small" onClick={() => void saveChanges()} disabled={!changed || update.isPending}>
              {t('insights.heatmap.saved.saveChanges')}
            </Button>
            <Button size="small" onClick={() => setDialog('rename')}>
              {t('insights.heatmap.saved.rename')}
            </Button>
            <Button size="small" color="error" onClick={() => setDialog('delete')}>
              {t('insights.heatmap.saved.delete')}
            </Button>
          </>
        )}
      </Box>
      {full && (
        <Typography variant="caption" color="text.secondary">
          {t('insights.heatmap.saved.full', { max: HEATMAP_FILTERS_MAX })}
        </Typography>
      )}
      {dialog === 'saveAs' && (
        <NameDialog
          title={t('insights.heatmap.saved.saveAsTitle')}
          submitLabel={t('insights.heatmap.saved.save')}
          initial=""
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const made = await create.mutateAsync({ name, filter });
            snackbar.confirm(t('insights.heatmap.saved.created', { name: made.name }));
            onLoad(made);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'rename' && loaded && (
        <NameDialog
          title={t('insights.heatmap.saved.renameTitle', { name: loaded.name })}
          submitLabel={t('insights.heatmap.saved.rename')}
          initial={loaded.name}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            // Renaming keeps the stored filter, not the form's unsaved changes.
            await update.mutateAsync({ id: loaded.id, body: { name, filter: loaded.filter } });
            snackbar.confirm(t('insights.heatmap.saved.renamed', { name }));
            setDialog(null);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete' && loaded !== null}
        title={t('insights.heatmap.saved.deleteTitle', { name: loaded?.name ?? '' })}
        confirmLabel={t('insights.heatmap.saved.delete')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialog(null)}
      >
        {t('insights.heatmap.saved.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
