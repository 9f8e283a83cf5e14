import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DRAWING_LIMITS } from '@golf/contract/api/drawings';
import { EL, LABEL_ICONS } from '@golf/contract/graphics-catalogue';

/** Asks the text of a 'label' point, or the icon (and optional caption) of an 'icon' point. */
export function LabelDialog({
  open,
  element,
  initialLabel,
  initialIcon,
  onSave,
  onCancel,
}: {
  open: boolean;
  element: string;
  initialLabel: string;
  initialIcon: string;
  onSave: (values: { label: string; icon?: string }) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="label-dialog-title">
      {open && <LabelForm element={element} initialLabel={initialLabel} initialIcon={initialIcon} onSave={onSave} onCancel={onCancel} />}
    </Dialog>
  );
}

function LabelForm({
  element,
  initialLabel,
  initialIcon,
  onSave,
  onCancel,
}: {
  element: string;
  initialLabel: string;
  initialIcon: string;
  onSave: (values: { label: string; icon?: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const isIcon = element === EL.icon;
  const [label, setLabel] = useState(initialLabel);
  const [icon, setIcon] = useState(initialIcon || LABEL_ICONS[0]);
  const valid = isIcon || label.trim().length > 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(isIcon ? { label, icon } : { label });
      }}
    >
      <DialogTitle id="label-dialog-title">{isIcon ? t('holeEditor.labels.iconTitle') : t('holeEditor.labels.labelTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {isIcon && (
          <TextField select label={t('holeEditor.labels.icon')} value={icon} onChange={(e) => setIcon(e.target.value)}>
            {LABEL_ICONS.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`holeEditor.icons.${name}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          autoFocus
          label={isIcon ? t('holeEditor.labels.caption') : t('holeEditor.labels.text')}
          value={label}
          required={!isIcon}
          onChange={(e) => setLabel(e.target.value)}
          slotProps={{ htmlInput: { maxLength: DRAWING_LIMITS.labelLength } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!valid}>
          {t('holeEditor.labels.place')}
        </Button>
      </DialogActions>
    </form>
  );
}
