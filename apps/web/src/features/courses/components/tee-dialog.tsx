import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { TEE_PALETTE, type TeeInput, type TeePaletteName } from '@golf/contract/api/courses';
import { HexColour } from '@golf/contract/api/common';
import { FormTextField } from '../../../components/form/form-text-field';

const schema = z.object({
  name: z.string().trim().min(1, 'courses.errors.teeNameRequired').max(100, 'validation.tooLong'),
  color: z.string().trim().refine((v) => HexColour.safeParse(v).success, 'courses.errors.colour'),
});

const PALETTE = Object.entries(TEE_PALETTE) as [TeePaletteName, string][];

/** The palette name of a colour, or null when it is not one of the palette's. */
export function paletteName(colour: string): TeePaletteName | null {
  return PALETTE.find(([, hex]) => hex.toLowerCase() === colour.toLowerCase())?.[0] ?? null;
}

/** A round swatch of a tee colour; white gets an outline. */
export function TeeSwatch({ color, size = 20 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: size, height: size, borderRadius: '50%', bgcolor: color, border: 1, borderColor: 'grey.500', flexShrink: 0 }}
    />
  );
}

/** Add or edit a tee: a name and a colour from the palette (§3) or any #RRGGBB. */
export function TeeDialog({
  tee,
  busy = false,
  onSubmit,
  onClose,
}: {
  tee: TeeInput | null;
  busy?: boolean;
  onSubmit: (tee: TeeInput) => Promise<void> | void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { control, handleSubmit, setValue, formState } = useForm<TeeInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: tee?.name ?? '', color: tee?.color ?? TEE_PALETTE.white },
  });
  const color = useWatch({ control, name: 'color' });
  const picked = paletteName(color ?? '');
  const submit = handleSubmit(async (values) => onSubmit({ name: values.name.trim(), color: values.color.trim().toLowerCase() }));

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} maxWidth="xs" fullWidth aria-labelledby="tee-dialog-title">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          // The dialog is portalled, but React bubbles its submit to the course form around it.
          event.stopPropagation();
          void submit(event);
        }}
      >
        <DialogTitle id="tee-dialog-title">{tee ? t('courses.tees.editTitle') : t('courses.tees.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormTextField control={control} name="name" label={t('courses.tees.name')} autoFocus sx={{ mt: 1 }} />
          <Box>
            <Typography variant="body2" id="tee-palette-label" sx={{ mb: 1 }}>
              {t('courses.tees.palette')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              value={picked}
              onChange={(_e, name: TeePaletteName | null) => name && setValue('color', TEE_PALETTE[name], { shouldValidate: formState.isSubmitted, shouldDirty: true })}
              aria-labelledby="tee-palette-label"
              sx={{ flexWrap: 'wrap' }}
            >
              {PALETTE.map(([name, hex]) => (
                <ToggleButton key={name} value={name} aria-label={t(`courses.colours.${name}`)} title={t(`courses.colours.${name}`)} sx={{ p: 1 }}>
                  <TeeSwatch color={hex} size={24} />
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box sx={{ pt: 2 }}>
              <TeeSwatch color={HexColour.safeParse(color).success ? color : 'transparent'} size={24} />
            </Box>
            <FormTextField
              control={control}
              name="color"
              label={t('courses.tees.colour')}
              helperText={t('courses.tees.colourHint')}
              slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
              fullWidth
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {tee ? t('common.save') : t('courses.tees.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

