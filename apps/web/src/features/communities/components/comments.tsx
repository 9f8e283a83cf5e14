import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import {
  COMMUNITY_LIMITS,
  CommentBody,
  CommentEditBody,
  type CommunityComment,
  type CommunityPost,
  type CommunityReply,
} from '@golf/contract/api/communities';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import {
  useComments,
  useCreateComment,
  useDeleteComment,
  useDeleteCommentImage,
  useReloadComments,
  useRestoreComment,
  useUpdateComment,
  useUploadCommentImage,
} from '../api/communities';
import { initials, isHidden } from '../utils/communities';
import type { CommunityFormat } from '../utils/format';
import { GOLFER_AVATAR } from '../utils/styles';
import { ContentForm, type ContentSteps, type ContentTexts } from './content-form';
import { ImageGrid } from './image-gallery';

type Item = CommunityComment | CommunityReply;

/** The steps of saving a comment or reply: its text, then each image (§4), then the comments reload. */
function useCommentSteps(clubId: number, communityId: number, postId: number, target: { parentId: number | null } | { commentId: number }): ContentSteps {
  const create = useCreateComment(clubId, communityId);
  const update = useUpdateComment(clubId, communityId);
  const upload = useUploadCommentImage(clubId, communityId);
  const removeImage = useDeleteCommentImage(clubId, communityId);
  const reload = useReloadComments(clubId, communityId);
  return {
    save: async (text) =>
      'commentId' in target
        ? (await update.mutateAsync({ commentId: target.commentId, body: { text } })).id
        : (await create.mutateAsync({ postId, body: { text, parent_id: target.parentId } })).id,
    uploadImage: (id, file, onProgress) => upload.mutateAsync({ commentId: id, file, onProgress }),
    removeImage: (id, imageId) => removeImage.mutateAsync({ commentId: id, imageId }),
    reload: () => reload(postId),
  };
}

function useCommentTexts(kind: 'comment' | 'reply' | 'edit', name?: string): ContentTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      label: kind === 'reply' ? t('communities.comments.replyTo', { name }) : kind === 'edit' ? t('communities.comments.text') : t('communities.comments.write'),
      submit: kind === 'reply' ? t('communities.comments.sendReply') : kind === 'edit' ? t('common.save') : t('communities.comments.send'),
      busy: kind === 'edit' ? t('common.saving') : t('communities.comments.sending'),
      done: kind === 'reply' ? t('communities.comments.replied') : kind === 'edit' ? t('communities.comments.saved') : t('communities.comments.commented'),
      saveFailed: kind === 'edit' ? t('communities.comments.saveFailed') : t('communities.comments.sendFailed'),
      imagesFailed: (count: number) => t('communities.comments.imagesFailed', { count }),
      addImages: t('communities.images.add'),
    }),
    [t, kind, name],
  );
}

/**
 * A post's comments (oldest first), each with its replies one level in; a reply box on comments
 * only, a comment box with images at the end unless the post is closed. Authors edit and delete
 * their own; a manager removes anyone's (with confirmation) and restores one that reports hid.
 */
export function Comments({ clubId, communityId, post, format }: { clubId: number; communityId: number; post: CommunityPost; format: CommunityFormat }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const comments = useComments(clubId, communityId, post.id);
  const remove = useDeleteComment(clubId, communityId);
  const restore = useRestoreComment(clubId, communityId);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  const steps = useCommentSteps(clubId, communityId, post.id, { parentId: null });
  const texts = useCommentTexts('comment');

  const confirmRemove = async () => {
    if (!removing) return;
    const own = removing.author.you;
    try {
      await remove.mutateAsync({ commentId: removing.id, postId: post.id });
      snackbar.confirm(own ? t('communities.comments.deleted') : t('communities.comments.removed'));
      setRemoving(null);
    } catch (error) {
      snackbar.error(own ? t('communities.comments.deleteFailed') : t('communities.comments.removeFailed'), errorText(error, t));
    }
  };

  const doRestore = async (item: Item) => {
    try {
      await restore.mutateAsync({ commentId: item.id, postId: post.id });
      snackbar.confirm(t('communities.comments.restored'));
    } catch (error) {
      snackbar.error(t('communities.comments.restoreFailed'), errorText(error, t));
    }
  };

  const itemProps = (item: Item, reply: boolean) => ({
    clubId,
    communityId,
    postId: post.id,
    item,
    reply,
    format,
    editing: editing === item.id,
    busy: restore.isPending,
    onEdit: () => setEditing(item.id),
    onEditDone: () => setEditing(null),
    onRemove: () => setRemoving(item),
    onRestore: () => void doRestore(item),
  });

  return (
    <Box component="section" aria-label={t('communities.comments.sectionFor', { name: post.author.name })} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <ListStates query={comments} errorTitle={t('communities.comments.loadFailed')} loadingRows={2} empty={null}>
        {() =>
          (comments.data ?? []).length > 0 && (
            <Box component="ul" aria-label={t('communities.comments.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {(comments.data ?? []).map((comment) => (
                <Box component="li" key={comment.id} data-testid="comment" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
                  <CommentItem {...itemProps(comment, false)} onReply={post.closed ? undefined : () => setReplyTo(replyTo === comment.id ? null : comment.id)} replying={replyTo === comment.id} />
                  {(comment.replies.length > 0 || replyTo === comment.id) && (
                    <Box sx={{ ml: { xs: 2, sm: 5 }, pl: { xs: 1.5, sm: 2 }, borderLeft: 2, borderColor: 'divider', display: 'grid', gap: 1, minWidth: 0 }}>
                      {comment.replies.length > 0 && (
                        <Box component="ul" aria-label={t('communities.comments.repliesTo', { name: comment.author.name })} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                          {comment.replies.map((reply) => (
                            <Box component="li" key={reply.id} data-testid="reply" sx={{ minWidth: 0 }}>
                              <CommentItem {...itemProps(reply, true)} />
                            </Box>
                          ))}
                        </Box>
                      )}
                      {replyTo === comment.id && !post.closed && (
                        <ReplyBox clubId={clubId} communityId={communityId} postId={post.id} comment={comment} onClose={() => setReplyTo(null)} />
                      )}
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
          )
        }
      </ListStates>
      {post.closed ? (
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="post-closed-note">
          <LockIcon fontSize="small" aria-hidden />
          {t('communities.comments.closedNote')}
        </Typography>
      ) : (
        <ContentForm
          schema={CommentBody}
          maxText={COMMUNITY_LIMITS.commentTextMax}
          maxImages={COMMUNITY_LIMITS.commentImagesMax}
          steps={steps}
          texts={texts}
          compact
          rows={1}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.author.you ? t('communities.comments.deleteDialog.title') : t('communities.comments.removeDialog.title')}
        confirmLabel={removing?.author.you ? t('communities.comments.delete') : t('communities.comments.remove')}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        {removing && <Quote text={removing.text} />}
        {removing && removing.parent_id === null && (removing as CommunityComment).replies.length > 0
          ? t('communities.comments.removeDialog.withReplies', { count: (removing as CommunityComment).replies.length })
          : removing?.author.you
            ? t('communities.comments.deleteDialog.body')
            : t('communities.comments.removeDialog.body')}
      </ConfirmDialog>
    </Box>
  );
}

function ReplyBox({ clubId, communityId, postId, comment, onClose }: { clubId: number; communityId: number; postId: number; comment: CommunityComment; onClose: () => void }) {
  const steps = useCommentSteps(clubId, communityId, postId, { parentId: comment.id });
  const texts = useCommentTexts('reply', comment.author.name);
  return (
    <ContentForm
      schema={CommentBody}
      maxText={COMMUNITY_LIMITS.commentTextMax}
      maxImages={COMMUNITY_LIMITS.commentImagesMax}
      steps={steps}
      texts={texts}
      compact
      autoFocus
      rows={1}
      onCancel={onClose}
      onDone={onClose}
    />
  );
}

function CommentEditor({ clubId, communityId, postId, item, onClose }: { clubId: number; communityId: number; postId: number; item: Item; onClose: () => void }) {
  const steps = useCommentSteps(clubId, communityId, postId, { commentId: item.id });
  const texts = useCommentTexts('edit');
  return (
    <ContentForm
      schema={CommentEditBody}
      maxText={COMMUNITY_LIMITS.commentTextMax}
      maxImages={COMMUNITY_LIMITS.commentImagesMax}
      initialText={item.text}
      initialImages={item.images}
      steps={steps}
      texts={texts}
      compact
      autoFocus
      rows={2}
      onCancel={onClose}
      onDone={onClose}
    />
  );
}

export function Quote({ text }: { text: string }) {
  return (
    <Box component="blockquote" sx={{ m: 0, mb: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      {text.length > 160 ? `${text.slice(0, 160)}…` : text}
    </Box>
  );
}

function CommentItem({
  clubId,
  communityId,
  postId,
  item,
  reply,
  format,
  editing,
  busy,
  replying = false,
  onReply,
  onEdit,
  onEditDone,
  onRemove,
  onRestore,
}: {
  clubId: number;
  communityId: number;
  postId: number;
  item: Item;
  reply: boolean;
  format: CommunityFormat;
  editing: boolean;
  busy: boolean;
  replying?: boolean;
  onReply?: () => void;
  onEdit: () => void;
  onEditDone: () => void;
  onRemove: () => void;
  onRestore: () => void;
}) {
  const { t } = useTranslation();
  const hidden = isHidden(item);
  const size = reply ? 28 : 32;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <Avatar aria-hidden sx={{ width: size, height: size, fontSize: '0.8rem', bgcolor: item.author.kind === 'user' ? 'primary.main' : GOLFER_AVATAR }}>
        {initials(item.author.name)}
      </Avatar>
      <Box sx={{ flex: '1 1 auto', minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ bgcolor: hidden ? 'background.paper' : 'action.hover', borderRadius: 2, px: 1.5, py: 1, display: 'grid', gap: 0.5, minWidth: 0, border: hidden ? 1 : 0, borderColor: 'warning.light' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1, rowGap: 0.25 }}>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.author.name}
            </Typography>
            {item.author.kind === 'user' && <Chip size="small" variant="outlined" label={t('communities.posts.manager')} sx={{ height: 20 }} />}
            <Typography component="span" variant="caption" color="text.secondary" title={format.dateTime(item.created_at)}>
              {format.ago(item.created_at)}
              {item.edited_at && ` · ${t('communities.posts.edited')}`}
            </Typography>
          </Box>
          {hidden && (
            <Alert
              severity="warning"
              sx={{ py: 0, '& .MuiAlert-message': { minWidth: 0 } }}
              data-testid="comment-hidden"
              action={
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  <Button color="inherit" size="small" onClick={onRestore} disabled={busy}>
                    {t('communities.moderate.restore')}
                  </Button>
                  <Button color="inherit" size="small" onClick={onRemove}>
                    {t('communities.comments.remove')}
                  </Button>
                </Box>
              }
            >
              <AlertTitle sx={{ mb: 0, fontSize: '0.875rem' }}>{t('communities.hiddenAfter', { count: item.reports })}</AlertTitle>
            </Alert>
          )}
          {editing ? (
            <CommentEditor clubId={clubId} communityId={communityId} postId={postId} item={item} onClose={onEditDone} />
          ) : (
            <>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-text">
                {item.text}
              </Typography>
              <ImageGrid images={item.images} label={t('communities.images.ofComment', { name: item.author.name })} small />
            </>
          )}
        </Box>
        {!editing && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, ml: 0.5 }}>
            {onReply && !reply && (
              <Button size="small" onClick={onReply} aria-expanded={replying} sx={{ minWidth: 0, px: 1 }} aria-label={t('communities.comments.replyToNamed', { name: item.author.name })}>
                {t('communities.comments.reply')}
              </Button>
            )}
            {item.author.you && (
              <Button size="small" onClick={onEdit} sx={{ minWidth: 0, px: 1 }} aria-label={t(reply ? 'communities.comments.editReply' : 'communities.comments.editComment')}>
                {t('communities.comments.edit')}
              </Button>
            )}
            {!hidden && (
              <Button
                size="small"
                color="error"
                onClick={onRemove}
                sx={{ minWidth: 0, px: 1 }}
                aria-label={item.author.you ? t(reply ? 'communities.comments.deleteReply' : 'communities.comments.deleteComment') : t('communities.comments.removeBy', { name: item.author.name })}
              >
                {item.author.you ? t('communities.comments.delete') : t('communities.comments.remove')}
              </Button>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
