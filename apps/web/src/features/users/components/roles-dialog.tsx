import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ClubUser } from '@golf/contract/api/users';
import { assignableRoles } from '@golf/contract/permissions';
import { isClubRole, type ClubRole } from '@golf/contract/roles';
import { useProfile } from '../../../lib/auth/session';
import { isRolesRefused, useUpdateUserRoles } from '../api/update-user-roles';
import { RoleCheckboxes } from './role-checkboxes';
import { fullName } from '../utils/full-name';

/**
 * Edit roles. A refused change (403) shows "You can't change this user's roles"; any other
 * failure a generic error message (§8).
 */
export function RolesDialog({ clubId, user, onClose, onDone }: { clubId: number; user: ClubUser; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const profile = useProfile();
  const update = useUpdateUserRoles(clubId);
  const [roles, setRoles] = useState<ClubRole[]>(() => user.roles.filter(isClubRole));
  const [empty, setEmpty] = useState(false);
  const name = fullName(user);

  const save = async () => {
    if (roles.length === 0) {
      setEmpty(true);
      return;
    }
    try {
      await update.mutateAsync({ id: user.id, roles });
      onDone();
    } catch {
      // shown below
    }
  };

  return (
    <Dialog open onClose={update.isPending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="roles-dialog-title">
      <DialogTitle id="roles-dialog-title">{t('users.rolesDialog.title', { name })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('users.rolesDialog.text', { name, email: user.email })}</DialogContentText>
        {update.isError && (
          <Alert severity="error" role="alert">
            {isRolesRefused(update.error) ? t('users.rolesRefused') : t('errors.generic')}
          </Alert>
        )}
        <RoleCheckboxes
          value={roles}
          onChange={(next) => {
            setRoles(next);
            setEmpty(false);
          }}
          assignable={assignableRoles(profile, clubId)}
          error={empty ? t('users.fields.rolesRequired') : undefined}
          disabled={update.isPending}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={update.isPending}>
          {update.isPending ? t('common.saving') : t('users.rolesDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
