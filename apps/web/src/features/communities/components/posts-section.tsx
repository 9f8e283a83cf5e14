import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Community, CommunityPost, PostAction } from '@golf/contract/api/communities';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useDeletePost, useModeratePost, usePosts, type PostsState } from '../api/communities';
import { loadedPosts } from '../utils/communities';
import type { CommunityFormat } from '../utils/format';
import { REPORTED_TEXT } from '../utils/styles';
import { Quote } from './comments';
import { PostCard } from './post-card';
import { PostComposer } from './post-composer';

const DONE_KEYS = {
  pin: 'communities.moderate.pinned',
  unpin: 'communities.moderate.unpinned',
  close: 'communities.moderate.closed',
  open: 'communities.moderate.opened',
  restore: 'communities.moderate.restored',
} as const satisfies Record<PostAction, string>;

/**
 * The community's posts (pinned first, then newest, 'Load more' for older ones) under a composer;
 * the filter 'Reported' is the managers' queue of what reports hid, each with Restore and Remove.
 */
export function PostsSection({ clubId, community, format }: { clubId: number; community: Community; format: CommunityFormat }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [state, setState] = useState<PostsState>('all');
  const posts = usePosts(clubId, community.id, state);
  const moderate = useModeratePost(clubId, community.id);
  const remove = useDeletePost(clubId, community.id);
  const [removing, setRemoving] = useState<CommunityPost | null>(null);
  const list = loadedPosts(posts.data);

  const doModerate = async (post: CommunityPost, action: PostAction) => {
    try {
      await moderate.mutateAsync({ postId: post.id, action });
      snackbar.confirm(t(DONE_KEYS[action]));
    } catch (error) {
      snackbar.error(t('communities.moderate.failed'), errorText(error, t));
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const own = removing.author.you;
    try {
      await remove.mutateAsync(removing.id);
      snackbar.confirm(own ? t('communities.posts.deleted') : t('communities.posts.removed'));
      setRemoving(null);
    } catch (error) {
      snackbar.error(own ? t('communities.posts.deleteFailed') : t('communities.posts.removeFailed'), errorText(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 820 }}>
      {/* Out of sight in the reported queue, kept with its draft. */}
      <Box hidden={state !== 'all'}>
        <PostComposer clubId={clubId} communityId={community.id} />
      </Box>
      <Box component="section" aria-labelledby="community-posts-heading" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Typography id="community-posts-heading" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
            {t('communities.posts.heading')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={state}
            onChange={(_e, next: PostsState | null) => next && setState(next)}
            aria-label={t('communities.posts.filter')}
          >
            <ToggleButton value="all">{t('communities.posts.filterAll')}</ToggleButton>
            <ToggleButton value="hidden" data-testid="filter-reported" sx={community.reported > 0 ? { color: REPORTED_TEXT } : undefined}>
              {t('communities.posts.filterReported', { count: community.reported })}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <ListStates
          query={posts}
          errorTitle={t('communities.posts.loadFailed')}
          loadingRows={3}
          empty={
            list.length === 0 ? (
              state === 'hidden' ? (
                <EmptyState title={t('communities.posts.noneReported')}>{t('communities.posts.noneReportedHint')}</EmptyState>
              ) : (
                <EmptyState title={t('communities.posts.empty')}>{t('communities.posts.emptyHint')}</EmptyState>
              )
            ) : null
          }
        >
          {() => (
            <>
              <Box component="ul" aria-label={state === 'hidden' ? t('communities.posts.reportedLabel') : t('communities.posts.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, minWidth: 0 }}>
                {list.map((post) => (
                  <Box component="li" key={post.id} sx={{ minWidth: 0 }}>
                    <PostCard
                      clubId={clubId}
                      communityId={community.id}
                      post={post}
                      format={format}
                      busy={moderate.isPending && moderate.variables?.postId === post.id}
                      openComments={state === 'hidden' && post.state === 'visible'}
                      onModerate={(action) => void doModerate(post, action)}
                      onRemove={() => setRemoving(post)}
                    />
                  </Box>
                ))}
              </Box>
              {posts.hasNextPage && (
                <Box sx={{ display: 'flex', justifyContent: 'center' }}>
                  <Button variant="outlined" onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
                    {posts.isFetchingNextPage ? t('common.loading') : t('communities.posts.loadMore')}
                  </Button>
                </Box>
              )}
              {posts.isFetchNextPageError && (
                <Typography role="alert" color="error" variant="body2" sx={{ textAlign: 'center' }}>
                  {t('communities.posts.loadMoreFailed')}
                </Typography>
              )}
            </>
          )}
        </ListStates>
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={removing?.author.you ? t('communities.posts.deleteDialog.title') : t('communities.posts.removeDialog.title', { name: removing?.author.name ?? '' })}
        confirmLabel={removing?.author.you ? t('communities.posts.delete') : t('communities.posts.remove')}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        {removing && <Quote text={removing.text} />}
        {removing?.author.you ? t('communities.posts.deleteDialog.body') : t('communities.posts.removeDialog.body')}
      </ConfirmDialog>
    </Box>
  );
}
