import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HttpUrlOrEmpty, Phone, type Club } from '@golf/contract/api/clubs';
import { CLUB_PLANS } from '@golf/contract/api/communication';
import { CountryField, PositionFields } from '../../../components/form/club-address-fields';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useSession } from '../../../lib/auth/session';
import { useClub } from '../../../lib/current-club';
import { errorText } from '../../../lib/error-text';
import { parsePosition, refinePosition } from '../../../lib/position';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useUpdateClub } from '../api/update-club';
import { LogoCard } from './logo-card';

/** Messages are translation keys. */
const schema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
    phone: z.string().refine((v) => Phone.safeParse(v).success, 'clubInfo.phoneInvalid'),
    homepage: z.string().refine((v) => HttpUrlOrEmpty.safeParse(v).success, 'clubInfo.urlInvalid'),
    booking_url: z.string().refine((v) => HttpUrlOrEmpty.safeParse(v).success, 'clubInfo.urlInvalid'),
    street: z.string().trim().max(200, 'validation.tooLong'),
    zip: z.string().trim().max(20, 'validation.tooLong'),
    city: z.string().trim().max(100, 'validation.tooLong'),
    country_code: z.string().regex(/^[a-z]{2}$/, 'validation.required'),
    longitude: z.string(),
    latitude: z.string(),
    plan: z.enum(CLUB_PLANS),
  })
  .superRefine(refinePosition);

type Values = z.infer<typeof schema>;

function valuesOf(club: Club): Values {
  return {
    name: club.name,
    phone: club.phone,
    homepage: club.homepage,
    booking_url: club.booking_url,
    street: club.address.street,
    zip: club.address.zip,
    city: club.address.city,
    country_code: club.address.country_code,
    longitude: club.position ? String(club.position.longitude) : '',
    latitude: club.position ? String(club.position.latitude) : '',
    plan: club.plan,
  };
}

/** /:clubId/club — club information: logo, name, contact, address and position. */
export function ClubInformationPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const club = useClub(clubId);
  if (club.isPending) return <LoadingState rows={5} />;
  if (club.isError) return <ErrorState error={club.error} onRetry={() => void club.refetch()} />;
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 880 }}>
      <LogoCard club={club.data} />
      <ClubInformationForm key={`${club.data.id}-${club.data.updated_at}`} club={club.data} title={t('club.details')} />
    </Box>
  );
}

function ClubInformationForm({ club, title }: { club: Club; title: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  // The plan (§6: Business allows posting to Facebook) is set by platform admins only (the server refuses anyone else).
  const admin = useSession().profile?.admin === true;
  const update = useUpdateClub(club.id);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(club) });

  const onSubmit = handleSubmit(async (values) => {
    const position = parsePosition(values.longitude, values.latitude);
    try {
      await update.mutateAsync({
        name: values.name.trim(),
        phone: values.phone.trim(),
        homepage: values.homepage.trim(),
        booking_url: values.booking_url.trim(),
        address: { street: values.street.trim(), zip: values.zip.trim(), city: values.city.trim(), country_code: values.country_code },
        position: position.ok ? position.value : null,
        ...(admin ? { plan: values.plan } : {}),
      });
      snackbar.confirm(t('club.saved'));
    } catch (error) {
      snackbar.error(t('club.saveFailed'), errorText(error, t));
    }
  });

  return (
    <Card>
      <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ mr: 'auto' }}>
            {title}
          </Typography>
          <Chip size="small" variant="outlined" label={t('club.handle', { handle: club.handle })} />
          <Chip size="small" color={club.active ? 'success' : 'default'} label={club.active ? t('club.active') : t('clubs.inactive')} />
        </Box>

        <FormTextField control={control} name="name" label={t('club.name')} />
        {admin && (
          <Controller
            control={control}
            name="plan"
            render={({ field }) => (
              <TextField
                select
                label={t('clubInfo.plan')}
                helperText={t('clubInfo.planHint')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                sx={{ maxWidth: { sm: 360 } }}
              >
                {CLUB_PLANS.map((plan) => (
                  <MenuItem key={plan} value={plan}>
                    {t(`clubInfo.plans.${plan}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}

        <Divider />
        <Typography variant="h3" component="h3">
          {t('clubInfo.contact')}
        </Typography>
        <FormTextField
          control={control}
          name="phone"
          label={t('clubInfo.phone')}
          type="tel"
          autoComplete="tel"
          sx={{ maxWidth: { sm: 360 } }}
        />
        <FormTextField
          control={control}
          name="homepage"
          label={t('clubInfo.homepage')}
          type="url"
          placeholder="https://"
          helperText={t('clubInfo.homepageHint')}
        />
        <FormTextField
          control={control}
          name="booking_url"
          label={t('clubInfo.bookingUrl')}
          type="url"
          placeholder="https://"
          helperText={t('clubInfo.bookingUrlHint')}
        />

        <Divider />
        <Typography variant="h3" component="h3">
          {t('club.address')}
        </Typography>
        <FormTextField
          control={control}
          name="street"
          label={t('club.street')}
          autoComplete="street-address"
        />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' } }}>
          <FormTextField
            control={control}
            name="zip"
            label={t('club.zip')}
            autoComplete="postal-code"
          />
          <FormTextField
            control={control}
            name="city"
            label={t('club.city')}
            autoComplete="address-level2"
          />
        </Box>
        <CountryField control={control} name="country_code" current={club.address.country_code} sx={{ maxWidth: { sm: 360 } }} />

        <Divider />
        <Box>
          <Typography variant="h3" component="h3">
            {t('club.position')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('club.positionHint')}
          </Typography>
        </Box>
        <PositionFields control={control} longitude="longitude" latitude="latitude" />

        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
          <Button onClick={() => reset(valuesOf(club))} disabled={!isDirty || isSubmitting}>
            {t('common.discard')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? t('common.saving') : t('common.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
