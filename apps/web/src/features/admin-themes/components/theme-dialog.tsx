import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ThemeName, type ThemeDetails } from '@golf/contract/api/themes';
import { descendants } from '../utils/inheritance';

export interface ThemeDialogValues {
  name: string;
  parentName: string | null;
}

/**
 * A new theme (its name and the theme it is made from) or a theme's name and parent. A theme
 * cannot be made from itself or from a theme made from it; those are not offered.
 */
export function ThemeDialog({
  open,
  theme,
  themes,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** The theme to rename; null for a new one. */
  theme: ThemeDetails | null;
  themes: readonly ThemeDetails[];
  busy: boolean;
  onSubmit: (values: ThemeDialogValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(theme?.name ?? '');
  const [parent, setParent] = useState<string>(theme ? (theme.parentName ?? '') : (themes.find((x) => x.parentName === null)?.name ?? ''));
  const [touched, setTouched] = useState(false);
  const excluded = theme ? descendants(themes, theme.name).add(theme.name) : new Set<string>();
  const parents = themes.filter((x) => !excluded.has(x.name));
  const checked = ThemeName.safeParse(name);
  const taken = checked.success && themes.some((x) => x.name === checked.data && x.id !== theme?.id);
  const nameError = !checked.success ? t('adminThemes.dialog.nameInvalid') : taken ? t('adminThemes.dialog.nameTaken', { name: checked.data }) : null;
  const titleId = 'theme-dialog-title';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!checked.success || taken) return;
    onSubmit({ name: checked.data, parentName: parent === '' ? null : parent });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{theme ? t('adminThemes.dialog.editTitle', { name: theme.name }) : t('adminThemes.dialog.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('adminThemes.dialog.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              autoFocus
              error={touched && !busy && nameError !== null}
              helperText={touched && !busy && nameError ? nameError : ' '}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <TextField
              select
              label={t('adminThemes.dialog.parent')}
              value={parent}
              onChange={(e) => setParent(e.target.value)}
              helperText={t('adminThemes.dialog.parentHelp')}
              slotProps={{ select: { native: true } }}
            >
              <option value="">{t('adminThemes.dialog.noParent')}</option>
              {parents.map((x) => (
                <option key={x.id} value={x.name}>
                  {x.name}
                </option>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('adminThemes.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {theme ? t('adminThemes.dialog.save') : t('adminThemes.dialog.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
