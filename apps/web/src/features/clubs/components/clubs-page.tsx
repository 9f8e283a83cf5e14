import { useDeferredValue, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { Club } from '@golf/contract/api/clubs';
import { canCreateClub } from '@golf/contract/permissions';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
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
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
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

  const shown = clubs.data ? filterClubs(clubs.data, deferredQuery) : [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          type="search"
          label={t('clubs.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          size="small"
          sx={{ maxWidth: { sm: 420 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {canCreateClub(profile) && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap', ml: { sm: 'auto' } }}>
            {t('clubs.newClub')}
          </Button>
        )}
      </Box>

      <ListStates
        query={clubs}
        errorTitle={t('clubs.loadFailed')}
        empty={
          clubs.data?.length === 0 ? (
            <EmptyState title={t('clubs.empty')} />
          ) : shown.length === 0 ? (
            <EmptyState title={t('clubs.noMatch', { query: deferredQuery })} />
          ) : null
        }
      >
        {() => (
          <>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('clubs.count', { count: shown.length })}
            </Typography>
            <Paper variant="outlined">
              <List aria-label={t('clubs.listLabel')} disablePadding>
                {shown.map((club, index) => (
                  <ClubRow
                    key={club.id}
                    club={club}
                    current={club.id === clubId}
                    divider={index < shown.length - 1}
                    disabled={switching !== null}
                    onChoose={() => void choose(club.id, fromSection)}
                  />
                ))}
              </List>
            </Paper>
          </>
        )}
      </ListStates>

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
    </Box>
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
