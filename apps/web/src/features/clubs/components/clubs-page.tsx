import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import AddIcon from '@mui/icons-material/Add';
import type { Club } from '@golf/contract/api/clubs';
import { canCreateClub } from '@golf/contract/permissions';
import { SearchableListPage } from '../../../components/ui/searchable-list-page';
import { useProfile } from '../../../lib/auth/session';
import { countryName } from '../../../lib/current-club';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { filterClubs, useClubs } from '../api/get-clubs';
import { useSwitchClub } from '../api/switch-club';
import { CreateClubDialog } from './create-club-dialog';

/** /:clubId/clubs — the clubs the user may open; choosing one switches club. */
export function ClubsPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const clubId = useClubId();
  const location = useLocation();
  const fromSection = (location.state as { section?: string | null } | null)?.section ?? null;
  const clubs = useClubs();
  const switchClub = useSwitchClub();
  const snackbar = useSnackbar();
  const [creating, setCreating] = useState(false);
  const [switching, setSwitching] = useState<number | null>(null);

  const choose = async (id: number, section: string | null) => {
    setSwitching(id);
    try {
      await switchClub(id, section);
    } catch (error) {
      snackbar.error(t('clubs.switchFailed'), errorText(error, t));
    } finally {
      setSwitching(null);
    }
  };

  return (
    <SearchableListPage
      query={clubs}
      filter={filterClubs}
      texts={{
        search: t('clubs.search'),
        loadFailed: t('clubs.loadFailed'),
        empty: t('clubs.empty'),
        noMatch: (search) => t('clubs.noMatch', { query: search }),
        count: (count) => t('clubs.count', { count }),
        listLabel: t('clubs.listLabel'),
      }}
      action={
        canCreateClub(profile) && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap' }}>
            {t('clubs.newClub')}
          </Button>
        )
      }
      renderRow={(club, divider) => (
        <ClubRow
          key={club.id}
          club={club}
          current={club.id === clubId}
          divider={divider}
          disabled={switching !== null}
          onChoose={() => void choose(club.id, fromSection)}
        />
      )}
    >
      {creating && (
        <CreateClubDialog
          onClose={() => setCreating(false)}
          onCreated={(club) => {
            setCreating(false);
            snackbar.confirm(t('clubs.create.created', { name: club.name }));
            void choose(club.id, 'club');
          }}
        />
      )}
    </SearchableListPage>
  );
}

function ClubRow({
  club,
  current,
  divider,
  disabled,
  onChoose,
}: {
  club: Club;
  current: boolean;
  divider: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const place = [club.address.city, club.address.country_code && countryName(club.address.country_code, i18n.language)]
    .filter(Boolean)
    .join(', ');
  return (
    <ListItem disablePadding divider={divider}>
      <ListItemButton onClick={onChoose} disabled={disabled} selected={current} aria-current={current ? 'true' : undefined}>
        <ListItemAvatar>
          <Avatar aria-hidden sx={{ bgcolor: current ? 'primary.main' : 'grey.300', color: current ? 'primary.contrastText' : 'text.primary' }}>
            {club.name.charAt(0).toUpperCase()}
          </Avatar>
        </ListItemAvatar>
        <ListItemText primary={club.name} secondary={[place, club.handle].filter(Boolean).join(' · ')} />
        <Box sx={{ display: 'flex', gap: 1, ml: 1 }}>
          {current && <Chip size="small" color="primary" label={t('clubs.current')} />}
          {!club.active && <Chip size="small" variant="outlined" label={t('clubs.inactive')} />}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
