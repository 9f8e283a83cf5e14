import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import type { Community } from '@golf/contract/api/communities';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { screenHref } from '../../../config/screens';
import { isApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useViewParam } from '../../../lib/use-view-param';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { useCommunity } from '../api/communities';
import { communityFormat, type CommunityFormat } from '../utils/format';
import { REPORTED_FILL, reportedChipSx } from '../utils/styles';
import { CommunityDialog } from './community-dialog';
import { CommunityImage } from './community-image';
import { MembersSection } from './members-section';
import { ModerationSection } from './moderation-section';
import { PostsSection } from './posts-section';

const VIEWS = ['posts', 'members', 'moderation'] as const;
type View = (typeof VIEWS)[number];

/**
 * /:clubId/communities/:communityId — one community (§2, issue 24): its header (image, name,
 * description, invitation only, managers, Edit), then Posts (write, comment, reply, moderate),
 * Members (joined, invited, banned; invite, ban, mute, remove) and Moderation (the log, and the
 * club's report threshold for its community managers), chosen by `?view=`.
 */
export function CommunityPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const communityId = Number(useParams().communityId);
  const community = useCommunity(clubId, communityId);
  const format = useMemo(() => communityFormat(i18n.language), [i18n.language]);
  const [view, show] = useViewParam(VIEWS);

  const back = (
    <Link component={RouterLink} to={screenHref('communities', clubId)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}>
      <ArrowBackIcon fontSize="small" aria-hidden />
      {t('communities.back')}
    </Link>
  );

  if (community.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <LoadingState rows={3} />
      </Box>
    );
  }
  if (community.isError) {
    const missing = isApiError(community.error) && community.error.status === 404;
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        {missing ? (
          <Alert severity="info">
            <AlertTitle>{t('communities.notFound')}</AlertTitle>
            {t('communities.notFoundHint')}
          </Alert>
        ) : (
          <ErrorState error={community.error} title={t('communities.loadOneFailed')} onRetry={() => void community.refetch()} />
        )}
      </Box>
    );
  }

  const data = community.data;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1100 }}>
      {back}
      <CommunityHeader clubId={clubId} community={data} format={format} />
      <Tabs
        value={view}
        onChange={(_event, next: View) => show(next)}
        aria-label={t('communities.sections')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', maxWidth: 600, '& .MuiTab-root': { px: 1 } }}
      >
        {VIEWS.map((v) => (
          <Tab
            key={v}
            value={v}
            label={
              v === 'posts' && data.reported > 0 ? (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  {`${t('communities.tabs.posts')} `}
                  <Box component="span" sx={{ bgcolor: REPORTED_FILL, color: '#fff', borderRadius: 5, px: 0.75, minWidth: 20, lineHeight: '20px', fontSize: '0.75rem' }}>
                    {data.reported}
                  </Box>
                  {' '}
                  <Box component="span" sx={visuallyHiddenSx}>
                    {t('communities.tabs.reported', { count: data.reported })}
                  </Box>
                </Box>
              ) : (
                t(`communities.tabs.${v}`)
              )
            }
            id={`community-${v}-tab`}
            aria-controls={v === view ? `community-${v}-panel` : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`community-${view}-panel`} aria-labelledby={`community-${view}-tab`} sx={{ minWidth: 0 }}>
        {view === 'posts' && <PostsSection clubId={clubId} community={data} format={format} />}
        {view === 'members' && <MembersSection clubId={clubId} communityId={data.id} />}
        {view === 'moderation' && <ModerationSection clubId={clubId} communityId={data.id} administer={data.can_administer} />}
      </Box>
    </Box>
  );
}

function CommunityHeader({ clubId, community, format }: { clubId: number; community: Community; format: CommunityFormat }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState(false);
  const managers = community.managers.map((m) => m.name).join(', ');
  return (
    <Paper variant="outlined" component="header" sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'flex', gap: { xs: 1.5, sm: 2.5 }, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, minWidth: 0 }}>
      <CommunityImage src={community.image_url} alt={t('communities.imageOf', { name: community.name })} size={{ xs: 64, sm: 96 }} />
      <Box sx={{ flex: '1 1 200px', minWidth: 0, display: 'grid', gap: 0.75 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <Typography variant="h2" sx={{ fontSize: { xs: '1.3rem', sm: '1.5rem' }, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="community-name">
            {community.name}
          </Typography>
          {community.hidden && <Chip size="small" icon={<LockIcon />} label={t('communities.invitationOnly')} data-testid="community-hidden" />}
          {community.reported > 0 && <Chip size="small" icon={<FlagIcon />} label={t('communities.reportedCount', { count: community.reported })} sx={reportedChipSx} />}
        </Box>
        {community.description && (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="community-description">
            {community.description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
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
      <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)} sx={{ flexShrink: 0 }}>
        {t('communities.edit')}
      </Button>
      {editing && (
        <CommunityDialog
          clubId={clubId}
          community={community}
          administer={community.can_administer}
          onClose={() => setEditing(false)}
          onDone={(message) => {
            snackbar.confirm(message);
            setEditing(false);
          }}
        />
      )}
    </Paper>
  );
}
