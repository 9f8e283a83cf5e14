import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Handle, SRIDS, type Club } from '@golf/contract/api/clubs';
import { NEW_CLUB_DEFAULTS } from '@golf/contract/constants';
import { CountryField, PositionFields } from '../../../components/form/club-address-fields';
import { FormTextField } from '../../../components/form/form-text-field';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { parsePosition, refinePosition } from '../../../lib/position';
import { useRegions } from '../../../lib/reference-data';
import { useCreateClub } from '../api/create-club';

/** Messages are translation keys. */
const schema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
    handle: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .refine((v) => Handle.safeParse(v).success, 'clubs.create.handleInvalid'),
    country_code: z.string().regex(/^[a-z]{2}$/, 'validation.required'),
    srid: z.enum(['4326', '3006']),
    region_id: z.string(),
    longitude: z.string(),
    latitude: z.string(),
  })
  .superRefine(refinePosition);

type Values = z.infer<typeof schema>;

/** A handle from a club name: lowercase letters, digits and dashes. */
export function handleFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[æ]/g, 'ae')
    .replace(/[ø]/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
}

/** 'New club' (admins): name, handle, country, projection, region and an optional position. */
export function CreateClubDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (club: Club) => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const regions = useRegions();
  const create = useCreateClub();
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { isSubmitting, dirtyFields },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: '',
      handle: '',
      country_code: NEW_CLUB_DEFAULTS.country_code,
      srid: '4326',
      region_id: '',
      longitude: '',
      latitude: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const position = parsePosition(values.longitude, values.latitude);
    try {
      const club = await create.mutateAsync({
        name: values.name.trim(),
        handle: values.handle.trim().toLowerCase(),
        srid: Number(values.srid) as (typeof SRIDS)[number],
        region_ids: values.region_id ? [Number(values.region_id)] : [],
        position: position.ok ? position.value : null,
        address: { street: '', city: '', zip: '', country_code: values.country_code },
      });
      onCreated(club);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setError('handle', { message: errorText(error, t) });
    }
  });

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="create-club-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="create-club-title">{t('clubs.create.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {create.isError && !(isApiError(create.error) && create.error.status === 409) && (
            <Alert severity="error">{errorText(create.error, t)}</Alert>
          )}
          <FormTextField
            control={control}
            name="name"
            label={t('clubs.create.name')}
            autoFocus
            onValueChange={(name) => {
              if (!dirtyFields.handle) setValue('handle', handleFromName(name));
            }}
          />
          <FormTextField control={control} name="handle" label={t('clubs.create.handle')} helperText={t('clubs.create.handleHint')} />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <CountryField control={control} name="country_code" current={NEW_CLUB_DEFAULTS.country_code} />
            <FormTextField
              control={control}
              name="srid"
              select
              label={t('clubs.create.srid')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="4326">{t('clubs.create.srid4326')}</option>
              <option value="3006">{t('clubs.create.srid3006')}</option>
            </FormTextField>
          </Box>
          <FormTextField
            control={control}
            name="region_id"
            select
            label={t('clubs.create.region')}
            error={regions.isError}
            helperText={regions.isError ? errorText(regions.error, t) : undefined}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('clubs.create.noRegion')}</option>
            {(regions.data ?? []).map((r) => (
              <option key={r.region.id} value={String(r.region.id)}>
                {r.region.name}
              </option>
            ))}
          </FormTextField>
          <PositionFields control={control} longitude="longitude" latitude="latitude" optional gap={2.5} />
          <Alert severity="info" variant="outlined">
            {t('clubs.create.inactiveNote')}
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('clubs.create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
