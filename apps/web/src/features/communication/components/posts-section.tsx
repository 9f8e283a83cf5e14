import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { FeedPost } from '@golf/contract/api/communication';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { useDeletePost, useFeedPosts } from '../api/communication';
import { anyPostPending } from '../utils/feed';
import type { CommunicationFormat } from '../utils/format';
import { DeliveryList } from './delivery-list';
import { PostDialog } from './post-dialog';

type Editing = { kind: 'create' } | { kind: 'edit'; post: FeedPost };

const STATE_COLOR = { scheduled: 'info', published: 'success', ended: 'default' } as const;

/** The club's posts, newest first, each with where it went; add, edit, delete. */
export function PostsSection({ clubId, format }: { clubId: number; format: CommunicationFormat }) {
  const { t } = useTranslation();
  const posts = useFeedPosts(clubId);
  const remove = useDeletePost(clubId);
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<FeedPost | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      snackbar.confirm(t('communication.posts.deleted'));
      setDeleting(null);
    } catch (error) {
      snackbar.error(t('communication.posts.deleteFailed'), errorText(error, t));
    }
  };

  return (
    <Box component="section" aria-labelledby="communication-posts-heading" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography id="communication-posts-heading" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('communication.posts.heading')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'create' })}>
          {t('communication.posts.add')}
        </Button>
      </Box>
      <ListStates
        query={posts}
        errorTitle={t('communication.posts.loadFailed')}
        empty={posts.data?.length === 0 ? <EmptyState title={t('communication.posts.empty')}>{t('communication.posts.emptyHint')}</EmptyState> : null}
      >
        {() => (
          <>
            {anyPostPending(posts.data ?? []) && (
              <Typography variant="body2" color="text.secondary" role="status">
                {t('communication.posts.deliveryPending')}
              </Typography>
            )}
            <Box component="ul" aria-label={t('communication.posts.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {(posts.data ?? []).map((post) => (
                <PostRow key={post.id} post={post} format={format} onEdit={() => setEditing({ kind: 'edit', post })} onDelete={() => setDeleting(post)} />
              ))}
            </Box>
          </>
        )}
      </ListStates>
      {editing && (
        <PostDialog
          key={editing.kind === 'edit' ? editing.post.id : 'new'}
          clubId={clubId}
          post={editing.kind === 'edit' ? editing.post : undefined}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            snackbar.confirm(message);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('communication.posts.deleteDialog.title')}
        confirmLabel={t('communication.posts.deleteDialog.confirm')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && (
          <Box component="blockquote" sx={{ m: 0, mb: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere' }}>
            {deleting.text.length > 160 ? `${deleting.text.slice(0, 160)}…` : deleting.text}
          </Box>
        )}
        {t('communication.posts.deleteDialog.body')}
      </ConfirmDialog>
    </Box>
  );
}

function PostRow({ post, format, onEdit, onDelete }: { post: FeedPost; format: CommunicationFormat; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const date = format.dateTime(post.publish_at);
  return (
    <Paper component="li" variant="outlined" data-testid="post-row" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {post.image_url && (
          <Box
            component="img"
            src={post.image_url}
            alt={t('communication.posts.imageAlt')}
            loading="lazy"
            sx={{ width: { xs: 64, sm: 96 }, height: { xs: 64, sm: 96 }, objectFit: 'cover', borderRadius: 1, flexShrink: 0, border: 1, borderColor: 'divider' }}
          />
        )}
        <Box sx={{ flex: '1 1 auto', minWidth: 0, display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Chip size="small" color={STATE_COLOR[post.state]} label={t(`communication.posts.state.${post.state}`)} data-testid="post-state" />
            <Typography variant="body2" color="text.secondary">
              {t(post.state === 'scheduled' ? 'communication.posts.publishes' : 'communication.posts.published', { date })}
              {post.end_at && ` · ${t(post.state === 'ended' ? 'communication.posts.endedAt' : 'communication.posts.until', { date: format.dateTime(post.end_at) })}`}
              {` · ${t('communication.posts.views', { count: post.views })}`}
            </Typography>
          </Box>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="post-text">
            {post.text}
          </Typography>
          {post.link && (
            <Link href={post.link} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {post.link.replace(/^https?:\/\//i, '')}
              <OpenInNewIcon aria-hidden sx={{ fontSize: '0.95em', ml: 0.5, verticalAlign: '-0.125em' }} />
              <Box component="span" sx={visuallyHiddenSx}>
                {` ${t('communication.posts.opensInNewTab')}`}
              </Box>
            </Link>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexShrink: 0, mr: { xs: -1, sm: 0 }, mt: -0.5 }}>
          <Tooltip title={t('communication.posts.edit')}>
            <IconButton aria-label={t('communication.posts.editFor', { date })} onClick={onEdit}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('communication.posts.delete')}>
            <IconButton aria-label={t('communication.posts.deleteFor', { date })} onClick={onDelete}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      <Box component="section" aria-label={t('communication.posts.deliveries')} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {t('communication.posts.deliveries')}
        </Typography>
        <DeliveryList deliveries={post.deliveries} waiting={post.state === 'scheduled'} />
      </Box>
    </Paper>
  );
}
