import { Controller, useForm } from 'react-hook-form';
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
import { LANGUAGES } from '@golf/contract/constants';
import type { ClubUser } from '@golf/contract/api/users';
import { assignableRoles } from '@golf/contract/permissions';
import { CLUB_ROLES } from '@golf/contract/roles';
import { FormTextField } from '../../../components/form/form-text-field';
import { isApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/session';
import { errorText } from '../../../lib/error-text';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { RoleCheckboxes } from './role-checkboxes';

/** Messages are translation keys. */
const schema = z.object({
  email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email')),
  first_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  last_name: z.string().trim().max(100, 'validation.tooLong'),
  language: z.enum(LANGUAGES),
  roles: z.array(z.enum(CLUB_ROLES)),
});
type Values = z.infer<typeof schema>;

/**
 * Create a user (email, name, language, roles; an invitation mail is sent) or edit one (name and
 * language; the email is not changed here).
 */
export function UserDialog({
  clubId,
  user,
  onClose,
  onDone,
}: {
  clubId: number;
  user?: ClubUser;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const profile = useProfile();
  const create = useCreateUser(clubId);
  const update = useUpdateUser(clubId);
  const editing = !!user;
  const mutation = editing ? update : create;
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: user?.email ?? '',
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      language: user?.language ?? profile.language,
      roles: [],
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, firstName: values.first_name, lastName: values.last_name, language: values.language });
        onDone(t('users.edit.saved', { name: `${values.first_name} ${values.last_name}`.trim() }));
        return;
      }
      if (values.roles.length === 0) {
        setError('roles', { message: 'users.fields.rolesRequired' });
        return;
      }
      const result = await create.mutateAsync({
        email: values.email,
        first_name: values.first_name,
        last_name: values.last_name,
        language: values.language,
        roles: values.roles,
      });
      onDone(result.invited ? t('users.create.invited', { email: result.user.email }) : t('users.create.notInvited', { email: result.user.email }));
    } catch (error) {
      if (isApiError(error) && error.status === 409) setError('email', { message: errorText(error, t) });
    }
  });

  const failed = mutation.isError && !(isApiError(mutation.error) && mutation.error.status === 409);
  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="user-dialog-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="user-dialog-title">{editing ? t('users.edit.title') : t('users.create.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {failed && (
            <Alert severity="error">
              {isApiError(mutation.error) && mutation.error.status === 403 && !editing ? t('users.rolesRefused') : errorText(mutation.error, t)}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('users.fields.email')}
            autoComplete="off"
            autoFocus={!editing}
            slotProps={{ htmlInput: { readOnly: editing } }}
            helperText={editing ? t('users.edit.emailFixed') : t('users.create.emailHint')}
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={control} name="first_name" label={t('users.fields.firstName')} autoFocus={editing} />
            <FormTextField control={control} name="last_name" label={t('users.fields.lastName')} />
          </Box>
          <FormTextField
            control={control}
            name="language"
            select
            label={t('users.fields.language')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </FormTextField>
          {!editing && (
            <Controller
              control={control}
              name="roles"
              render={({ field, fieldState }) => (
                <RoleCheckboxes
                  value={field.value}
                  onChange={field.onChange}
                  assignable={assignableRoles(profile, clubId)}
                  error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                  disabled={isSubmitting}
                />
              )}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t('common.saving') : editing ? t('common.save') : t('users.create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
