import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/PersonAddAlt1';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RolesIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import type { ClubUser } from '@golf/contract/api/users';
import { CLUB_ROLES } from '@golf/contract/roles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchableListPage } from '../../../components/ui/searchable-list-page';
import { useProfile } from '../../../lib/auth/session';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { searchUsers } from '../utils/search-users';
import { RolesDialog } from './roles-dialog';
import { UserDialog } from './user-dialog';
import { fullName } from '../utils/full-name';

type Editing = { kind: 'create' } | { kind: 'edit'; user: ClubUser } | { kind: 'roles'; user: ClubUser } | { kind: 'delete'; user: ClubUser };

/** /:clubId/users — the users of the club: list, create, edit, edit roles, delete (§2). */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const profile = useProfile();
  const users = useUsers(clubId);
  const remove = useDeleteUser(clubId);
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<Editing | null>(null);

  const roleLabel = (role: string) => t(`users.roles.${role}`, { defaultValue: role });
  const close = () => setEditing(null);

  const confirmDelete = async (user: ClubUser) => {
    try {
      await remove.mutateAsync(user.id);
      snackbar.confirm(t('users.delete.done', { name: fullName(user) }));
      close();
    } catch (error) {
      snackbar.error(t('users.delete.failed'), errorText(error, t));
    }
  };

  return (
    <SearchableListPage
      query={users}
      filter={(list, search) => searchUsers(list, search, roleLabel)}
      texts={{
        search: t('users.search'),
        searchHint: t('users.searchHint'),
        loadFailed: t('users.loadFailed'),
        empty: t('users.empty'),
        noMatch: (search) => t('users.noMatch', { query: search }),
        count: (count) => t('users.count', { count }),
        listLabel: t('users.listLabel'),
      }}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'create' })} sx={{ whiteSpace: 'nowrap' }}>
          {t('users.newUser')}
        </Button>
      }
      renderRow={(user, divider) => (
        <UserRow
          key={user.id}
          user={user}
          self={user.id === profile.id}
          divider={divider}
          roleLabel={roleLabel}
          language={i18n.language}
          onEdit={() => setEditing({ kind: 'edit', user })}
          onRoles={() => setEditing({ kind: 'roles', user })}
          onDelete={() => setEditing({ kind: 'delete', user })}
        />
      )}
    >
      {editing?.kind === 'create' && (
        <UserDialog
          clubId={clubId}
          onClose={close}
          onDone={(message) => {
            snackbar.confirm(message);
            close();
          }}
        />
      )}
      {editing?.kind === 'edit' && (
        <UserDialog
          clubId={clubId}
          user={editing.user}
          onClose={close}
          onDone={(message) => {
            snackbar.confirm(message);
            close();
          }}
        />
      )}
      {editing?.kind === 'roles' && (
        <RolesDialog
          clubId={clubId}
          user={editing.user}
          onClose={close}
          onDone={() => {
            snackbar.confirm(t('users.rolesDialog.saved', { name: fullName(editing.user) }));
            close();
          }}
        />
      )}
      <ConfirmDialog
        open={editing?.kind === 'delete'}
        title={editing?.kind === 'delete' ? t('users.delete.title', { name: fullName(editing.user) }) : ''}
        confirmLabel={t('users.delete.confirm')}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() => editing?.kind === 'delete' && void confirmDelete(editing.user)}
      >
        {editing?.kind === 'delete' && (
          <>
            {t('users.delete.text', { name: fullName(editing.user), email: editing.user.email })}{' '}
            <strong>{t('users.delete.cannotBeUndone')}</strong>
          </>
        )}
      </ConfirmDialog>
    </SearchableListPage>
  );
}

function UserRow({
  user,
  self,
  divider,
  roleLabel,
  language,
  onEdit,
  onRoles,
  onDelete,
}: {
  user: ClubUser;
  self: boolean;
  divider: boolean;
  roleLabel: (role: string) => string;
  language: string;
  onEdit: () => void;
  onRoles: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const name = fullName(user);
  const lastLogin = user.last_login
    ? t('users.lastLogin', { date: new Date(user.last_login).toLocaleDateString(language, { year: 'numeric', month: 'short', day: 'numeric' }) })
    : t('users.neverSignedIn');
  return (
    <ListItem
      divider={divider}
      data-testid="user-row"
      aria-label={name}
      sx={{ display: 'flex', flexWrap: { xs: 'wrap', md: 'nowrap' }, alignItems: 'flex-start', gap: 2, py: 1.5 }}
    >
      <Avatar aria-hidden sx={{ bgcolor: 'grey.300', color: 'text.primary', mt: 0.5 }}>
        {(user.first_name || user.email).charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          {self && <Chip size="small" label={t('users.you')} />}
          {user.admin && <Chip size="small" color="secondary" variant="outlined" label={t('users.admin')} />}
          {user.pending && <Chip size="small" color="warning" variant="outlined" label={t('users.pending')} />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {lastLogin}
        </Typography>
      </Box>
      <Box
        sx={{ flex: '2 1 260px', display: 'flex', flexWrap: 'wrap', gap: 0.5, alignContent: 'flex-start', pt: 0.5 }}
        aria-label={t('users.rolesOf', { name })}
        role="list"
      >
        {user.roles.length === CLUB_ROLES.length ? (
          <Chip role="listitem" size="small" color="primary" variant="outlined" label={t('users.allRoles')} title={user.roles.map(roleLabel).join(', ')} />
        ) : (
          user.roles.map((role) => <Chip key={role} role="listitem" size="small" variant="outlined" label={roleLabel(role)} />)
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, ml: { xs: 'auto', md: 0 }, flexShrink: 0 }}>
        <Tooltip title={t('users.edit.action')}>
          <IconButton aria-label={t('users.edit.actionFor', { name })} onClick={onEdit}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('users.rolesDialog.action')}>
          <IconButton aria-label={t('users.rolesDialog.actionFor', { name })} onClick={onRoles}>
            <RolesIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={self ? t('users.delete.notSelf') : t('users.delete.action')}>
          {/* A disabled button gets no hover events; the span keeps the tooltip. */}
          <span>
            <IconButton aria-label={t('users.delete.actionFor', { name })} onClick={onDelete} disabled={self}>
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
