import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@golf/contract/constants';
import { PasswordField } from './password-field';

/** Messages are translation keys. */
const schema = z
  .object({
    password: z
      .string()
      .min(1, 'validation.required')
      .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
      .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax'),
    repeat: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], message: 'validation.passwordsDoNotMatch' });

type Values = z.infer<typeof schema>;

/**
 * New password and its repeat (§5): both must be filled; the repeat field opens once a password
 * is typed; while they differ 'Passwords do not match.' shows and submit is disabled.
 */
export function ResetPasswordForm({ onSubmit, busy = false }: { onSubmit: (password: string) => unknown; busy?: boolean }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '', repeat: '' } });
  const [password, repeat] = useWatch({ control, name: ['password', 'repeat'] });
  const mismatch = password !== '' && repeat !== '' && password !== repeat;
  const repeatError = mismatch ? 'validation.passwordsDoNotMatch' : errors.repeat?.message;
  const limits = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values.password))}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <PasswordField
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        autoFocus
        error={!!errors.password}
        helperText={errors.password?.message ? t(errors.password.message, limits) : t('auth.resetPassword.hint', limits)}
        {...register('password')}
      />
      <PasswordField
        label={t('auth.fields.repeatPassword')}
        autoComplete="new-password"
        disabled={!password}
        error={!!repeatError}
        helperText={repeatError ? t(repeatError, limits) : ' '}
        {...register('repeat')}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy || !password || !repeat || mismatch}>
        {t('auth.resetPassword.submit')}
      </Button>
    </Box>
  );
}
