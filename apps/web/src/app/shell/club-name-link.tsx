import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { CLUB_NAME_SHORT_LENGTH } from '@golf/contract/constants';
import { paths } from '../../config/paths';
import { useClub } from '../../lib/current-club';
import { visuallyHiddenSx } from '../../lib/visually-hidden';

/** On narrow screens the club name is cut to 10 characters (§1). */
export function shortClubName(name: string): string {
  return name.length > CLUB_NAME_SHORT_LENGTH ? `${name.slice(0, CLUB_NAME_SHORT_LENGTH).trimEnd()}…` : name;
}

/** The current club's name, linking to the club list; 'No club found' without one. */
export function ClubNameLink({ clubId, narrow, section }: { clubId: number; narrow: boolean; section: string | null }) {
  const { t } = useTranslation();
  const club = useClub(clubId);
  if (club.isPending) return <Skeleton variant="text" width={narrow ? 90 : 160} sx={{ bgcolor: 'rgba(255,255,255,0.25)' }} />;
  const name = club.data?.name;
  const label = name ? (narrow ? shortClubName(name) : name) : t('shell.noClubFound');
  // A cut name is shown, the whole name is read (its accessible name, without a label that would differ from what shows).
  const content =
    name && label !== name ? (
      <>
        <span aria-hidden="true">{label}</span>
        <Box component="span" sx={visuallyHiddenSx}>
          {name}
        </Box>
      </>
    ) : (
      label
    );
  return (
    <Button
      component={RouterLink}
      to={paths.club.clubs(clubId)}
      state={{ section }}
      color="inherit"
      endIcon={<UnfoldMoreIcon />}
      title={t('shell.switchClub')}
      sx={{ fontSize: '1rem', fontWeight: 600, minWidth: 0, px: 1, whiteSpace: 'nowrap' }}
    >
      {content}
    </Button>
  );
}
