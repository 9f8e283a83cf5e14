import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { GREENKEEPER_LIMITS, TrackingGroupBody, type TrackingGroup } from '@golf/contract/api/greenkeeper';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { useCreateGroup, useUpdateGroup } from '../api/tech-map';
import { messageKey } from '../utils/messages';

/** Colours offered for a new group, one after the other. */
export const GROUP_COLOURS = ['#2e7d32', '#1565c0', '#c62828', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e'] as const;

/** Creates a tracking group (`group` null) or renames and recolours one. */
export function GroupDialog({ clubId, group, suggestedColour, onClose, onSaved }: { clubId: number; group: TrackingGroup | null; suggestedColour: string; onClose: () => void; onSaved: (group: TrackingGroup) => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const create = useCreateGroup(clubId);
  const update = useUpdateGroup(clubId);
  const busy = create.isPending || update.isPending;
  const [name, setName] = useState(group?.name ?? '');
  const [color, setColor] = useState(group?.color ?? suggestedColour);
  const [errors, setErrors] = useState<{ name?: string; color?: string }>({});

  const submit = async () => {
    const parsed = TrackingGroupBody.safeParse({ name, color });
    if (!parsed.success) {
      const found: { name?: string; color?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'color' ? 'color' : 'name';
        found[field] ??= t(messageKey(issue.message));
      }
      return setErrors(found);
    }
    try {
      const saved = group ? await update.mutateAsync({ id: group.id, body: parsed.data }) : await create.mutateAsync(parsed.data);
      snackbar.confirm(group ? t('greenkeeper.techmap.groups.saved', { name: saved.name }) : t('greenkeeper.techmap.groups.created', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      snackbar.error(group ? t('greenkeeper.techmap.groups.saveFailed') : t('greenkeeper.techmap.groups.createFailed'), errorText(error, t));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="group-dialog-title" fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="group-dialog-title">{group ? t('greenkeeper.techmap.groups.editTitle', { name: group.name }) : t('greenkeeper.techmap.groups.newTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={t('greenkeeper.techmap.groups.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((v) => ({ ...v, name: undefined }));
            }}
            required
            autoFocus
            error={!!errors.name}
            helperText={errors.name ?? t('greenkeeper.techmap.groups.nameHint')}
            slotProps={{ htmlInput: { maxLength: GREENKEEPER_LIMITS.groupNameMax + 1 } }}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              type="color"
              label={t('greenkeeper.techmap.groups.colour')}
              value={color}
              onChange={(e) => {
                setColor(e.target.value);
                setErrors((v) => ({ ...v, color: undefined }));
              }}
              error={!!errors.color}
              helperText={errors.color}
              sx={{ width: 120 }}
              slotProps={{ htmlInput: { 'data-testid': 'group-colour' } }}
            />
            <Box role="group" aria-label={t('greenkeeper.techmap.groups.colourChoices')} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {GROUP_COLOURS.map((c) => (
                <Box
                  key={c}
                  component="button"
                  type="button"
                  onClick={() => setColor(c)}
                  aria-label={t('greenkeeper.techmap.groups.useColour', { colour: c })}
                  aria-pressed={color.toLowerCase() === c}
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    bgcolor: c,
                    border: 3,
                    borderColor: color.toLowerCase() === c ? 'text.primary' : 'background.paper',
                    boxShadow: 1,
                    cursor: 'pointer',
                    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                  }}
                />
              ))}
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('common.saving') : group ? t('common.save') : t('greenkeeper.techmap.groups.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
