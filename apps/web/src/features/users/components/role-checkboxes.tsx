import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { CLUB_ROLES, type ClubRole } from '@golf/contract/roles';

/**
 * The club roles as checkboxes. Roles the signed-in user may not give (§6: only an admin gives
 * any role) are shown but cannot be changed.
 */
export function RoleCheckboxes({
  value,
  onChange,
  assignable,
  error,
  disabled,
}: {
  value: readonly string[];
  onChange: (roles: ClubRole[]) => void;
  assignable: readonly string[];
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const locked = CLUB_ROLES.some((r) => !assignable.includes(r));
  const toggle = (role: string, checked: boolean) =>
    onChange(CLUB_ROLES.filter((r) => (r === role ? checked : value.includes(r))));
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled} variant="standard">
      <FormLabel component="legend">{t('users.fields.roles')}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {CLUB_ROLES.map((role) => (
          <FormControlLabel
            key={role}
            control={
              <Checkbox
                checked={value.includes(role)}
                onChange={(event) => toggle(role, event.target.checked)}
                disabled={disabled || !assignable.includes(role)}
                name={role}
              />
            }
            label={t(`users.roles.${role}`, { defaultValue: role })}
          />
        ))}
      </FormGroup>
      <Box>
        {error && <FormHelperText>{error}</FormHelperText>}
        {locked && <FormHelperText error={false}>{t('users.rolesHint')}</FormHelperText>}
      </Box>
    </FormControl>
  );
}
