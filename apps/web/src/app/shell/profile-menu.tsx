import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import type { Profile } from '@golf/contract/api/session';
import { PRODUCT_VERSION } from '@golf/contract/constants';
import { paths } from '../../config/paths';
import { session } from '../../lib/auth/session';

function initials(profile: Profile): string {
  const letters = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.trim();
  return (letters || profile.email.charAt(0)).toUpperCase();
}

/** The profile menu of the top bar: Settings and Logout. */
export function ProfileMenu({ profile, clubId }: { profile: Profile; clubId: number }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('shell.profileMenu', { initials: initials(profile) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: '0.95rem', fontWeight: 700 }}>
          {initials(profile)}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Box component="li" role="presentation" sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {profile.email}
          </Typography>
        </Box>
        <Divider component="li" role="presentation" />
        <MenuItem component={RouterLink} to={paths.club.settings(clubId)} onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.settings')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            session.logout('user');
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.logout')}
        </MenuItem>
        <Divider component="li" role="presentation" />
        <Box component="li" role="presentation" sx={{ px: 2, pt: 0.5, pb: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            {t('shell.version', { version: PRODUCT_VERSION })}
          </Typography>
        </Box>
      </Menu>
    </>
  );
}
