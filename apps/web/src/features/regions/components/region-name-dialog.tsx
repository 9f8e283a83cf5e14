import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { REGION_LIMITS, RegionBody, type AdminRegion } from '@golf/contract/api/regions';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useCreateRegion, useRenameRegion } from '../api/regions';

/** Creates a region (`region` null) or renames one; the name is checked as the server checks it. */
export function RegionNameDialog({ region, onClose }: { region: AdminRegion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const create = useCreateRegion();
  const rename = useRenameRegion();
  const busy = create.isPending || rename.isPending;
  const [name, setName] = useState(region?.name ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = RegionBody.safeParse({ name });
    if (!parsed.success) {
      return setError(name.trim() === '' ? t('regions.nameRequired') : t('regions.nameTooLong', { max: REGION_LIMITS.name }));
    }
    try {
      const saved = region ? await rename.mutateAsync({ id: region.id, body: parsed.data }) : await create.mutateAsync(parsed.data);
      snackbar.confirm(region ? t('regions.renamed', { name: saved.name }) : t('regions.created', { name: saved.name }));
      onClose();
    } catch (failure) {
      // A taken name belongs to the field; anything else to the snackbar.
      const text = errorText(failure, t);
      if (isApiError(failure) && (failure.body as { code?: string } | undefined)?.code === 'regions.nameTaken') setError(text);
      else snackbar.error(region ? t('regions.renameFailed') : t('regions.createFailed'), text);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="region-name-dialog-title" fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="region-name-dialog-title">{region ? t('regions.renameTitle', { name: region.name }) : t('regions.newTitle')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField
            label={t('regions.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            required
            fullWidth
            autoFocus
            error={error !== null}
            helperText={error ?? t('regions.nameHint', { max: REGION_LIMITS.name })}
            slotProps={{ htmlInput: { maxLength: REGION_LIMITS.name + 10 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('regions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {region ? t('regions.save') : t('regions.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
