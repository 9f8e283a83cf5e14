import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { GREENKEEPER_LIMITS, type TrackingComment, type TrackingCommentImage, type TrackingGroup } from '@golf/contract/api/greenkeeper';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ListStates } from '../../../../components/ui/list-states';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { uploadCommentImage, useComments, useCreateComment, useDeleteComment, useDeleteCommentImage, useReloadComments, useUpdateComment } from '../api/tech-map';
import { CommentImagePicker, usePendingImages, type PendingImages } from './comment-images';

/**
 * A group's log book: a comment with images (§4: the comment is saved, then each image uploaded
 * with its progress, then the list reloaded), the comments newest first with author, time and
 * images; edit (text, add images, remove one image) and delete, each after a confirmation.
 */
export function LogBook({ clubId, group }: { clubId: number; group: TrackingGroup }) {
  const { t, i18n } = useTranslation();
  const comments = useComments(clubId, group.id);
  const dateTime = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <CommentForm clubId={clubId} group={group} comment={null} onDone={() => undefined} />
      <ListStates
        query={comments}
        errorTitle={t('greenkeeper.techmap.log.loadFailed')}
        empty={comments.data?.length === 0 ? <EmptyState title={t('greenkeeper.techmap.log.empty')}>
              <Typography variant="body2">{t('greenkeeper.techmap.log.emptyHint')}</Typography>
            </EmptyState> : null}
      >
        {() => (
          <Box component="ol" aria-label={t('greenkeeper.techmap.log.listLabel', { name: group.name })} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {comments.data!.map((c) => (
              <CommentCard key={c.id} clubId={clubId} group={group} comment={c} when={dateTime.format(new Date(c.createdAt))} edited={c.updatedAt !== c.createdAt ? dateTime.format(new Date(c.updatedAt)) : null} />
            ))}
          </Box>
        )}
      </ListStates>
    </Box>
  );
}

function CommentCard({ clubId, group, comment, when, edited }: { clubId: number; group: TrackingGroup; comment: TrackingComment; when: string; edited: string | null }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState<TrackingCommentImage | null>(null);
  const [viewing, setViewing] = useState<TrackingCommentImage | null>(null);
  const remove = useDeleteComment(clubId);
  const removeImage = useDeleteCommentImage(clubId);
  const author = comment.author?.name ?? t('greenkeeper.techmap.log.unknownAuthor');

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ id: comment.id, groupId: group.id });
      snackbar.confirm(t('greenkeeper.techmap.log.deleted'));
      setDeleting(false);
    } catch (error) {
      snackbar.error(t('greenkeeper.techmap.log.deleteFailed'), errorText(error, t));
    }
  };
  const confirmRemoveImage = async () => {
    if (!removing) return;
    try {
      await removeImage.mutateAsync({ commentId: comment.id, imageId: removing.id, groupId: group.id });
      snackbar.confirm(t('greenkeeper.techmap.images.removed'));
      setRemoving(null);
    } catch (error) {
      snackbar.error(t('greenkeeper.techmap.images.removeFailed'), errorText(error, t));
    }
  };

  return (
    <Paper component="li" variant="outlined" data-testid="comment" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {author}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" data-testid="comment-time">
            {edited ? t('greenkeeper.techmap.log.timeEdited', { when, edited }) : when}
          </Typography>
        </Box>
        {!editing && (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <IconButton size="small" onClick={() => setEditing(true)} aria-label={t('greenkeeper.techmap.log.editNamed', { when })} title={t('greenkeeper.techmap.log.edit')}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" onClick={() => setDeleting(true)} aria-label={t('greenkeeper.techmap.log.deleteNamed', { when })} title={t('greenkeeper.techmap.log.delete')}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        )}
      </Box>
      {editing ? (
        <CommentForm clubId={clubId} group={group} comment={comment} onDone={() => setEditing(false)} />
      ) : (
        comment.text && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-text">
            {comment.text}
          </Typography>
        )
      )}
      {comment.images.length > 0 && (
        <Box component="ul" aria-label={t('greenkeeper.techmap.images.ofComment')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {comment.images.map((image, index) => (
            <Box component="li" key={image.id} sx={{ position: 'relative' }} data-testid="comment-image">
              <Box
                component="button"
                type="button"
                onClick={() => setViewing(image)}
                aria-label={t('greenkeeper.techmap.images.open', { index: index + 1 })}
                sx={{ p: 0, border: 1, borderColor: 'divider', borderRadius: 1, cursor: 'zoom-in', display: 'block', overflow: 'hidden', bgcolor: 'background.default', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' } }}
              >
                <Box component="img" src={image.url} alt={t('greenkeeper.techmap.images.alt', { index: index + 1 })} sx={{ width: 112, height: 84, objectFit: 'cover', display: 'block' }} />
              </Box>
              {editing && (
                <IconButton
                  size="small"
                  onClick={() => setRemoving(image)}
                  aria-label={t('greenkeeper.techmap.images.removeNumbered', { index: index + 1 })}
                  title={t('greenkeeper.techmap.images.remove')}
                  sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={deleting}
        title={t('greenkeeper.techmap.log.deleteTitle')}
        confirmLabel={t('greenkeeper.techmap.log.delete')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      >
        {comment.images.length > 0 ? t('greenkeeper.techmap.log.deleteWithImages', { count: comment.images.length }) : t('greenkeeper.techmap.log.deleteText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('greenkeeper.techmap.images.removeTitle')}
        confirmLabel={t('greenkeeper.techmap.images.remove')}
        busy={removeImage.isPending}
        onConfirm={() => void confirmRemoveImage()}
        onCancel={() => setRemoving(null)}
      >
        {t('greenkeeper.techmap.images.removeText')}
      </ConfirmDialog>
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} maxWidth="lg" aria-labelledby={`comment-image-${comment.id}`}>
        <DialogTitle id={`comment-image-${comment.id}`} sx={{ pr: 6 }}>
          {t('greenkeeper.techmap.images.viewTitle', { author, when })}
          <IconButton onClick={() => setViewing(null)} aria-label={t('common.close')} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          {viewing && <Box component="img" src={viewing.url} alt={t('greenkeeper.techmap.images.alt', { index: comment.images.findIndex((i) => i.id === viewing.id) + 1 })} sx={{ maxWidth: '100%', maxHeight: '75vh', display: 'block', mx: 'auto' }} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setViewing(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/**
 * Writes a new comment (`comment` null) or changes one: the text, and images to add. §4: the
 * comment is saved first, then each image is uploaded with its progress, then the log book is
 * reloaded. A comment needs a text or at least one image.
 */
function CommentForm({ clubId, group, comment, onDone }: { clubId: number; group: TrackingGroup; comment: TrackingComment | null; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const snackbar = useSnackbar();
  const [text, setText] = useState(comment?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const images: PendingImages = usePendingImages();
  const create = useCreateComment(clubId);
  const update = useUpdateComment(clubId);
  const reload = useReloadComments(clubId);
  const room = GREENKEEPER_LIMITS.commentImagesMax - (comment?.images.length ?? 0);
  const tooLong = text.trim().length > GREENKEEPER_LIMITS.commentTextMax;

  const save = async () => {
    const trimmed = text.trim();
    const hasImages = images.items.length > 0 || (comment?.images.length ?? 0) > 0;
    if (!trimmed && !hasImages) return setProblem(t('greenkeeper.techmap.log.needTextOrImage'));
    if (tooLong) return setProblem(t('greenkeeper.techmap.log.tooLong', { max: GREENKEEPER_LIMITS.commentTextMax }));
    setProblem(null);
    setBusy(true);
    let saved: TrackingComment;
    try {
      saved = comment ? await update.mutateAsync({ id: comment.id, text: trimmed }) : await create.mutateAsync({ groupId: group.id, text: trimmed });
    } catch (error) {
      setBusy(false);
      snackbar.error(t('greenkeeper.techmap.log.saveFailed'), errorText(error, t));
      return;
    }
    const outcome = await images.uploadEach((file, onProgress) => uploadCommentImage(clubId, saved.id, file, onProgress));
    await reload(group.id);
    setBusy(false);
    if (outcome.failed > 0) {
      snackbar.warn(t('greenkeeper.techmap.log.imagesFailed', { count: outcome.failed }));
      return;
    }
    snackbar.confirm(comment ? t('greenkeeper.techmap.log.updated') : t('greenkeeper.techmap.log.added'));
    if (!comment) setText('');
    onDone();
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      aria-label={comment ? t('greenkeeper.techmap.log.editLabel') : t('greenkeeper.techmap.log.newLabel', { name: group.name })}
      data-testid={comment ? 'comment-edit-form' : 'comment-form'}
      sx={{ display: 'grid', gap: 1, minWidth: 0 }}
    >
      <TextField
        id={`${id}-text`}
        label={comment ? t('greenkeeper.techmap.log.text') : t('greenkeeper.techmap.log.newText')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        multiline
        minRows={2}
        disabled={busy}
        error={problem !== null || tooLong}
        helperText={problem ?? (tooLong ? t('greenkeeper.techmap.log.tooLong', { max: GREENKEEPER_LIMITS.commentTextMax }) : ' ')}
      />
      <CommentImagePicker images={images} room={room} disabled={busy} inputId={comment ? 'comment-edit-images' : 'comment-images'} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {comment && (
          <Button onClick={onDone} disabled={busy}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('greenkeeper.techmap.log.saving') : comment ? t('greenkeeper.techmap.log.saveChanges') : t('greenkeeper.techmap.log.add')}
        </Button>
      </Box>
    </Box>
  );
}
