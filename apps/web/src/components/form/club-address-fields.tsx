/**
 * The fields a club's address and position share wherever a club is made or edited (the
 * 'New club' dialog, club information): the country, chosen from the reference list in the
 * user's language, and the longitude and latitude typed as text (checked by refinePosition in
 * lib/position, parsed by parsePosition).
 */
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { countryName } from '../../lib/current-club';
import { errorText } from '../../lib/error-text';
import { useCountries } from '../../lib/reference-data';
import { FormTextField } from './form-text-field';

/** The country select: sorted by its name in the user's language; the `current` country shows while the list loads. */
export function CountryField<T extends FieldValues>({ control, name, current, sx }: { control: Control<T>; name: FieldPath<T>; current: string; sx?: SxProps<Theme> }) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const options = (countries.data ?? [{ code: current, name: current }])
    .map((c) => ({ code: c.code, name: countryName(c.code, i18n.language, c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  return (
    <FormTextField
      control={control}
      name={name}
      select
      label={t('club.country')}
      error={countries.isError}
      helperText={countries.isError ? errorText(countries.error, t) : undefined}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={sx}
    >
      {options.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </FormTextField>
  );
}

/** Longitude and latitude side by side (one column on narrow screens). */
export function PositionFields<T extends FieldValues>({
  control,
  longitude,
  latitude,
  optional = false,
  gap = 3,
}: {
  control: Control<T>;
  longitude: FieldPath<T>;
  latitude: FieldPath<T>;
  /** Say under each field that it may stay empty. */
  optional?: boolean;
  gap?: number;
}) {
  const { t } = useTranslation();
  const helperText = optional ? t('common.optional') : undefined;
  return (
    <Box sx={{ display: 'grid', gap, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormTextField control={control} name={longitude} label={t('club.longitude')} helperText={helperText} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <FormTextField control={control} name={latitude} label={t('club.latitude')} helperText={helperText} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
    </Box>
  );
}
