import { useId, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInBrowserIcon from '@mui/icons-material/ArrowForward';
import { administersCommunities, COMMUNITY_LIMITS, type CommunitySummary } from '@golf/contract/api/communities';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchableListPage } from '../../../components/ui/searchable-list-page';
import { screenHref } from '../../../config/screens';
import { useProfile } from '../../../lib/auth/session';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useCommunities, useDeleteCommunity } from '../api/communities';
import { searchCommunities } from '../utils/communities';
import { communityFormat, type CommunityFormat } from '../utils/format';
import { reportedChipSx } from '../utils/styles';
import { CommunityDialog } from './community-dialog';
import { CommunityImage } from './community-image';

type Editing = { kind: 'create' } | { kind: 'edit'; community: CommunitySummary };

/**
 * /:clubId/communities — the club's communities (§2 Communities, issue 24): each with its image,
 * name, description, members, managers, whether it is invitation only, its last activity and what
 * reports hid. The club's community managers (admin, the owners of its region) see them all and
 * create and delete them; a user with the communities role sees the ones they manage.
 */
export function CommunitiesPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const profile = useProfile();
  const administer = administersCommunities(profile, clubId);
  const communities = useCommunities(clubId);
  const remove = useDeleteCommunity(clubId);
  const snackbar = useSnackbar();
  const format = useMemo(() => communityFormat(i18n.language), [i18n.language]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CommunitySummary | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const full = (communities.data?.length ?? 0) >= COMMUNITY_LIMITS.communitiesMax;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      snackbar.confirm(t('communities.deleted', { name: deleting.name }));
      setDeleteOpen(false);
    } catch (error) {
      snackbar.error(t('communities.deleteFailed', { name: deleting.name }), errorText(error, t));
    }
  };

  return (
    <SearchableListPage<CommunitySummary>
      query={communities}
      filter={searchCommunities}
      texts={{
        search: t('communities.search'),
        loadFailed: t('communities.loadFailed'),
        empty: administer ? t('communities.empty') : t('communities.emptyManager'),
        noMatch: (query) => t('communities.noMatch', { query }),
        count: (count) => t('communities.count', { count }),
        listLabel: t('communities.listLabel'),
      }}
      action={
        administer && (
          <Box sx={{ display: 'grid', gap: 0.5, justifyItems: { xs: 'start', sm: 'end' } }}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'create' })} disabled={!communities.isSuccess || full} sx={{ whiteSpace: 'nowrap' }}>
              {t('communities.new')}
            </Button>
            {full && (
              <Typography variant="caption" color="text.secondary">
                {t('communities.full', { max: COMMUNITY_LIMITS.communitiesMax })}
              </Typography>
            )}
          </Box>
        )
      }
      renderRow={(community, divider) => (
        <CommunityRow
          key={community.id}
          clubId={clubId}
          community={community}
          divider={divider}
          format={format}
          administer={administer}
          onEdit={() => setEditing({ kind: 'edit', community })}
          onDelete={() => {
            setDeleting(community);
            setDeleteOpen(true);
          }}
        />
      )}
    >
      {editing && (
        <CommunityDialog
          key={editing.kind === 'edit' ? editing.community.id : 'new'}
          clubId={clubId}
          community={editing.kind === 'edit' ? editing.community : undefined}
          administer={administer}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            snackbar.confirm(message);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleteOpen}
        title={t('communities.deleteDialog.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('communities.deleteDialog.confirm')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleteOpen(false)}
      >
        {deleting && (
          <>
            {t('communities.deleteDialog.body', { posts: deleting.posts, members: deleting.members + deleting.invited + deleting.banned })}
            <Box component="span" sx={{ display: 'block', mt: 1 }}>
              {t('communities.deleteDialog.final')}
            </Box>
          </>
        )}
      </ConfirmDialog>
    </SearchableListPage>
  );
}

function CommunityRow({
  clubId,
  community,
  divider,
  format,
  administer,
  onEdit,
  onDelete,
}: {
  clubId: number;
  community: CommunitySummary;
  divider: boolean;
  format: CommunityFormat;
  administer: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const href = screenHref('community', clubId, { communityId: community.id });
  const managers = community.managers.map((m) => m.name).join(', ');
  const act = (action: () => void) => () => {
    setMenu(null);
    action();
  };
  return (
    <ListItem divider={divider} data-testid="community-row" sx={{ display: 'flex', alignItems: 'flex-start', gap: { xs: 1.5, sm: 2 }, py: { xs: 1.5, sm: 2 } }}>
      <CommunityImage src={community.image_url} alt="" size={{ xs: 48, sm: 72 }} />
      <Box sx={{ flex: '1 1 auto', minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <Link component={RouterLink} to={href} id={`${id}-name`} sx={{ fontWeight: 600, fontSize: '1.05rem', overflowWrap: 'anywhere' }} underline="hover">
            {community.name}
          </Link>
          {community.hidden && <Chip size="small" icon={<LockIcon />} label={t('communities.invitationOnly')} data-testid="community-hidden" />}
          {community.reported > 0 && (
            <Chip size="small" icon={<FlagIcon />} label={t('communities.reportedCount', { count: community.reported })} sx={reportedChipSx} data-testid="community-reported" />
          )}
        </Box>
        {community.description && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {community.description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="community-figures">
          {[
            t('communities.membersCount', { count: community.members }),
            community.invited > 0 ? t('communities.invitedCount', { count: community.invited }) : null,
            t('communities.postsCount', { count: community.posts }),
            t('communities.lastActivity', { when: format.ago(community.last_activity_at) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {managers ? t('communities.managedBy', { names: managers }) : t('communities.noManagers')}
        </Typography>
      </Box>
      <IconButton
        aria-label={t('communities.actionsFor', { name: community.name })}
        aria-haspopup="menu"
        aria-controls={menu ? `${id}-menu` : undefined}
        aria-expanded={menu ? true : undefined}
        onClick={(e) => setMenu(e.currentTarget)}
        sx={{ mr: { xs: -1, sm: 0 }, mt: -0.5 }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={`${id}-menu`} anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem component={RouterLink} to={href}>
          <ListItemIcon>
            <OpenInBrowserIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('communities.open')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(onEdit)}>
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('communities.edit')}</ListItemText>
        </MenuItem>
        {administer && (
          <MenuItem onClick={act(onDelete)} sx={{ color: 'error.main' }}>
            <ListItemIcon>
              <DeleteIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{t('communities.delete')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </ListItem>
  );
}
