import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { SPONSORS_MAX, type Sponsor } from '@golf/contract/api/sponsors';
import { SearchableListPage } from '../../../components/ui/searchable-list-page';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { useDeleteSponsor, useSponsors } from '../api/sponsors';
import { displayUrl, searchSponsors } from '../utils/sponsors';
import { DeleteSponsorDialog } from './delete-sponsor-dialog';
import { SponsorDialog } from './sponsor-dialog';
import { SponsorLogo } from './sponsor-logo';

type Editing = { kind: 'create' } | { kind: 'edit'; sponsor: Sponsor };

/** /:clubId/promotion/sponsors — the club's sponsors (§2 Promotion): list with logo, name and web address; create, edit, delete. */
export function SponsorsPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const sponsors = useSponsors(clubId);
  const remove = useDeleteSponsor(clubId);
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Sponsor | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const full = (sponsors.data?.length ?? 0) >= SPONSORS_MAX;

  const done = (message: string) => {
    snackbar.confirm(message);
    setEditing(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      snackbar.confirm(t('sponsors.deleted', { name: deleting.name }));
      setDeleteOpen(false);
    } catch (error) {
      snackbar.error(t('sponsors.deleteFailed', { name: deleting.name }), errorText(error, t));
    }
  };

  return (
    <SearchableListPage<Sponsor>
      query={sponsors}
      filter={searchSponsors}
      texts={{
        search: t('sponsors.search'),
        loadFailed: t('sponsors.loadFailed'),
        empty: t('sponsors.empty'),
        noMatch: (query) => t('sponsors.noMatch', { query }),
        count: (count) => t('sponsors.count', { count }),
        listLabel: t('sponsors.listLabel'),
      }}
      action={
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: { xs: 'start', sm: 'end' } }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'create' })} disabled={!sponsors.isSuccess || full} sx={{ whiteSpace: 'nowrap' }}>
            {t('sponsors.new')}
          </Button>
          {full && (
            <Typography variant="caption" color="text.secondary">
              {t('sponsors.full', { max: SPONSORS_MAX })}
            </Typography>
          )}
        </Box>
      }
      renderRow={(sponsor, divider) => (
        <SponsorRow
          key={sponsor.id}
          sponsor={sponsor}
          divider={divider}
          onEdit={() => setEditing({ kind: 'edit', sponsor })}
          onDelete={() => {
            setDeleting(sponsor);
            setDeleteOpen(true);
          }}
        />
      )}
    >
      {editing && (
        <SponsorDialog key={editing.kind === 'edit' ? editing.sponsor.id : 'new'} clubId={clubId} sponsor={editing.kind === 'edit' ? editing.sponsor : undefined} onClose={() => setEditing(null)} onDone={done} />
      )}
      <DeleteSponsorDialog
        clubId={clubId}
        sponsor={deleting}
        open={deleteOpen}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleteOpen(false)}
      />
    </SearchableListPage>
  );
}

function SponsorRow({ sponsor, divider, onEdit, onDelete }: { sponsor: Sponsor; divider: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <ListItem divider={divider} data-testid="sponsor-row" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, py: { xs: 1, sm: 1.5 } }}>
      <SponsorLogo src={sponsor.logo} alt={t('sponsors.logoAlt', { name: sponsor.name })} noLogoLabel={t('sponsors.noLogo')} compact />
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>{sponsor.name}</Typography>
        {sponsor.url ? (
          <Link href={sponsor.url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflowWrap: 'break-word' }}>
            {displayUrl(sponsor.url)}
            <OpenInNewIcon aria-hidden sx={{ fontSize: '0.95em', ml: 0.5, verticalAlign: '-0.125em' }} />
            <Box component="span" sx={visuallyHiddenSx}>
              {` ${t('sponsors.opensInNewTab')}`}
            </Box>
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('sponsors.noUrl')}
          </Typography>
        )}
      </Box>
      {/* Stacked on a phone, so the name and the address keep the width. */}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0, sm: 0.5 }, flexShrink: 0, mr: { xs: -1, sm: 0 } }}>
        <Tooltip title={t('sponsors.edit')}>
          <IconButton aria-label={t('sponsors.editFor', { name: sponsor.name })} onClick={onEdit}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('sponsors.delete')}>
          <IconButton aria-label={t('sponsors.deleteFor', { name: sponsor.name })} onClick={onDelete}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
