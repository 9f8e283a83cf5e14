/** Small react-hook-form bindings of the guide pages: a select of fixed options, a switch, a colour. */
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';

export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  helperText,
  numeric = false,
  nullable = false,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly { value: string | number; label: string }[];
  helperText?: string;
  /** Values are ids: '' (an option "none") is null, others numbers. */
  numeric?: boolean;
  /** Texts where the option '' means null ("automatic"). */
  nullable?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            field.onChange(numeric || nullable ? (value === '' ? null : numeric ? Number(value) : value) : value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
          // An option '' ("none", "automatic") shows its words instead of an empty field.
          {...(options.some((o) => o.value === '') ? { slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } } } : {})}
        >
          {options.map((o) => (
            <MenuItem key={String(o.value)} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export function FormSwitch<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: FieldPath<T>; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <FormControlLabel label={label} control={<Switch name={field.name} checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />} />}
    />
  );
}

/** A #RRGGBB colour: typed, or picked with the browser's colour input; the swatch shows it. */
export function FormColour<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: FieldPath<T>; label: string }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const valid = /^#[0-9a-fA-F]{6}$/.test(field.value ?? '');
        return (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label={label}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? t('products.fields.colourHint')}
              slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
              sx={{ flex: 1 }}
            />
            <Box
              component="input"
              type="color"
              aria-label={t('products.fields.pickColour', { label })}
              value={valid ? field.value.toLowerCase() : '#000000'}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value)}
              sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'pointer' }}
            />
          </Box>
        );
      }}
    />
  );
}
