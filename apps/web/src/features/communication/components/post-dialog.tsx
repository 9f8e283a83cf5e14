import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { COMMUNICATION_LIMITS, POST_CHANNELS, type FeedPost, type PostChannel } from '@golf/contract/api/communication';
import { IMAGE_ACCEPT, IMAGE_UPLOAD } from '@golf/contract/api/images';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { screenHref } from '../../../config/screens';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatFileSize, imageFileProblem } from '../../../lib/image-file';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useConnections, useCreatePost, useRemovePostImage, useUpdatePost, useUploadPostImage } from '../api/communication';
import {
  communicationMessageKey,
  deliveredChannels,
  parsePostForm,
  postField,
  postFormValues,
  serviceBlock,
  typedLength,
  type FieldErrors,
  type PostField,
  type PostFormValues,
  type ServiceBlock,
} from '../utils/feed';

type ImageChoice = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/** The channels a service must allow (read from GET connections). */
const SERVICE_CHANNELS = { national: 'national', facebook: 'facebook' } as const;

/**
 * Add a post or edit one: text (with a counter), link, image (uploaded after the post is saved,
 * with progress), publish and end time, and where it goes. Facebook and the national golf app can
 * be chosen only when the club is connected and its plan allows it; what already went out stays.
 * If the image fails the post stays saved and the dialog turns into its edit dialog.
 */
export function PostDialog({ clubId, post, onClose, onDone }: { clubId: number; post?: FeedPost; onClose: () => void; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const snackbar = useSnackbar();
  const id = useId();
  const connections = useConnections(clubId);
  const create = useCreatePost(clubId);
  const update = useUpdatePost(clubId);
  const upload = useUploadPostImage(clubId);
  const removeImage = useRemovePostImage(clubId);
  const [saved, setSaved] = useState<FeedPost | undefined>(post);
  const [values, setValues] = useState<PostFormValues>(() => postFormValues(post));
  const [errors, setErrors] = useState<FieldErrors<PostField>>({});
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' });
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [imageFailure, setImageFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const file = image.kind === 'new' ? image.file : null;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shownImage = image.kind === 'new' ? preview : image.kind === 'remove' ? null : (saved?.image_url ?? null);
  const maxMb = Math.round(Math.min(IMAGE_UPLOAD.maxBytes, COMMUNICATION_LIMITS.postImageBytesMax) / 1024 / 1024);
  const sent = useMemo(() => (saved ? deliveredChannels(saved) : new Set<PostChannel>()), [saved]);
  const editing = !!saved;

  const blockOf = (channel: PostChannel): ServiceBlock | null => {
    if (channel !== 'national' && channel !== 'facebook') return null;
    if (connections.isError) return 'unknown';
    return serviceBlock(connections.data, SERVICE_CHANNELS[channel]);
  };

  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field: PostField = key === 'publishAt' || key === 'endAt' || key === 'text' || key === 'link' ? key : 'channels';
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const pick = (picked: File) => {
    const why = imageFileProblem(picked);
    if (why) {
      const size = formatFileSize(picked.size, i18n.language);
      setFileProblem(t(why === 'tooLarge' ? 'communication.postDialog.fileTooLarge' : 'communication.postDialog.fileNotImage', { name: picked.name, size, max: maxMb }));
      return;
    }
    setFileProblem(null);
    setImage({ kind: 'new', file: picked });
  };

  const close = () => {
    if (!busy) onClose();
  };

  const showAtFields = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    const found: FieldErrors<PostField> = {};
    for (const detail of error.details) {
      const field = postField(detail.path);
      if (field && !found[field]) found[field] = communicationMessageKey(detail.message);
    }
    if (Object.keys(found).length === 0) return false;
    setErrors(found);
    return true;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setImageFailure(null);
    // A channel that cannot be posted to now is not sent (unless it already went out).
    const channels = { ...values.channels };
    for (const channel of POST_CHANNELS) if (channels[channel] && blockOf(channel) && !sent.has(channel)) channels[channel] = false;
    const parsed = parsePostForm({ ...values, channels });
    if (parsed.errors) {
      setErrors(parsed.errors);
      return;
    }
    setBusy(true);
    try {
      const creating = !saved;
      let stored: FeedPost;
      try {
        stored = saved ? await update.mutateAsync({ id: saved.id, body: parsed.body }) : await create.mutateAsync(parsed.body);
      } catch (error) {
        if (showAtFields(error)) return;
        const reason = errorText(error, t);
        setFailure(reason);
        snackbar.show({ type: 'error', message: t('communication.postDialog.saveFailed'), detail: reason, position: 'top' });
        return;
      }
      if (image.kind === 'new') {
        setProgress(0);
        try {
          await upload.mutateAsync({ id: stored.id, file: image.file, onProgress: setProgress });
        } catch (error) {
          setSaved(stored);
          setValues(postFormValues(stored));
          setImageFailure(errorText(error, t));
          snackbar.show({ type: 'warning', message: t('communication.postDialog.savedWithoutImage'), position: 'top' });
          return;
        } finally {
          setProgress(null);
        }
      } else if (image.kind === 'remove' && stored.image_url) {
        try {
          await removeImage.mutateAsync(stored.id);
        } catch (error) {
          setSaved(stored);
          setImageFailure(errorText(error, t));
          return;
        }
      }
      onDone(t(creating ? (stored.state === 'scheduled' ? 'communication.postDialog.scheduled' : 'communication.postDialog.created') : 'communication.postDialog.saved'));
    } finally {
      setBusy(false);
    }
  };

  const textLength = typedLength(values.text);
  const errorOf = (field: PostField, max?: number) => (errors[field] ? t(errors[field], { max }) : undefined);

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={`${id}-title`} aria-busy={busy}>
      <Box component="form" noValidate onSubmit={(e) => void save(e)} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={`${id}-title`}>{editing ? t('communication.postDialog.editTitle') : t('communication.postDialog.createTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, alignContent: 'start', pt: '8px !important' }}>
          {failure && (
            <Alert severity="error" data-testid="post-failure">
              {failure}
            </Alert>
          )}
          {imageFailure && (
            <Alert severity="warning" data-testid="image-failure">
              <AlertTitle>{t('communication.postDialog.imageFailed')}</AlertTitle>
              {imageFailure}
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {t('communication.postDialog.imageFailedHint')}
              </Box>
            </Alert>
          )}
          <TextField
            label={t('communication.postDialog.text')}
            value={values.text}
            onChange={(e) => set('text', e.target.value)}
            required
            autoFocus
            multiline
            minRows={4}
            maxRows={14}
            disabled={busy}
            error={!!errors.text || textLength > COMMUNICATION_LIMITS.postTextMax}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{errorOf('text', COMMUNICATION_LIMITS.postTextMax)}</span>
                <span data-testid="post-text-counter">{t('communication.postDialog.counter', { count: textLength, max: COMMUNICATION_LIMITS.postTextMax })}</span>
              </Box>
            }
          />
          <TextField
            label={t('communication.postDialog.link')}
            value={values.link}
            onChange={(e) => set('link', e.target.value)}
            placeholder="https://"
            autoComplete="url"
            disabled={busy}
            error={!!errors.link}
            helperText={errorOf('link') ?? t('communication.postDialog.linkHint')}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <TextField
              type="datetime-local"
              label={t('communication.postDialog.publishAt')}
              value={values.publishAt}
              onChange={(e) => set('publishAt', e.target.value)}
              disabled={busy || (editing && saved.state !== 'scheduled')}
              error={!!errors.publishAt}
              helperText={errorOf('publishAt') ?? t('communication.postDialog.publishAtHint')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="datetime-local"
              label={t('communication.postDialog.endAt')}
              value={values.endAt}
              onChange={(e) => set('endAt', e.target.value)}
              disabled={busy}
              error={!!errors.endAt}
              helperText={errorOf('endAt') ?? t('communication.postDialog.endAtHint')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <FormControl component="fieldset" error={!!errors.channels} disabled={busy}>
            <FormLabel component="legend">{t('communication.postDialog.channels')}</FormLabel>
            <FormGroup>
              {POST_CHANNELS.map((channel) => {
                const block = blockOf(channel);
                const already = sent.has(channel);
                return (
                  <Box key={channel} sx={{ display: 'grid' }}>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={(values.channels[channel] && !block) || already}
                          disabled={!!block || already}
                          onChange={(e) => set('channels', { ...values.channels, [channel]: e.target.checked })}
                        />
                      }
                      label={t(`communication.postDialog.channel.${channel}`)}
                    />
                    {(block || already) && (
                      <FormHelperText sx={{ mt: -0.5, ml: 4 }} data-testid={`channel-note-${channel}`}>
                        {already ? t('communication.postDialog.alreadySent') : t(`communication.postDialog.blocked.${block}`)}
                        {block === 'planNeeded' && (
                          <>
                            {' '}
                            <Link component={RouterLink} to={screenHref('someConnections', clubId)}>
                              {t('communication.postDialog.upgrade')}
                            </Link>
                          </>
                        )}
                      </FormHelperText>
                    )}
                  </Box>
                );
              })}
            </FormGroup>
            {errors.channels && <FormHelperText>{t(errors.channels)}</FormHelperText>}
          </FormControl>
          <Box component="section" aria-labelledby={`${id}-image`} sx={{ display: 'grid', gap: 1 }}>
            <Typography id={`${id}-image`} variant="subtitle2" component="h3">
              {t('communication.postDialog.image')}
            </Typography>
            <FileDropZone
              accept={IMAGE_ACCEPT}
              onFiles={([picked]) => pick(picked)}
              disabled={busy}
              start={
                shownImage ? (
                  <Box
                    component="img"
                    src={shownImage}
                    alt={image.kind === 'new' ? t('communication.postDialog.previewAlt') : t('communication.postDialog.currentImage')}
                    sx={{ width: 136, height: 88, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
                  />
                ) : undefined
              }
              hint={t('communication.postDialog.dropHint')}
              buttonLabel={shownImage ? t('communication.postDialog.chooseOther') : t('communication.postDialog.chooseImage')}
              buttonProps={{ startIcon: <UploadFileOutlinedIcon /> }}
              inputProps={{ 'aria-label': t('communication.postDialog.image'), 'data-testid': 'post-image-input' }}
              caption={t('communication.postDialog.formats', { max: maxMb })}
            >
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="post-image-file">
                {image.kind === 'new'
                  ? t('communication.postDialog.newFile', { name: image.file.name, size: formatFileSize(image.file.size, i18n.language) })
                  : image.kind === 'remove'
                    ? t('communication.postDialog.removedOnSave')
                    : saved?.image_url
                      ? t('communication.postDialog.currentImage')
                      : t('communication.postDialog.noImage')}
              </Typography>
              {saved?.image_url && image.kind === 'keep' && (
                <Button size="small" color="error" onClick={() => setImage({ kind: 'remove' })} disabled={busy}>
                  {t('communication.postDialog.removeImage')}
                </Button>
              )}
              {image.kind !== 'keep' && (
                <Button size="small" onClick={() => setImage({ kind: 'keep' })} disabled={busy}>
                  {image.kind === 'new' ? t('communication.postDialog.discardFile') : t('communication.postDialog.keepImage')}
                </Button>
              )}
            </FileDropZone>
            {fileProblem && (
              <Alert severity="warning" onClose={() => setFileProblem(null)} closeText={t('common.close')}>
                {fileProblem}
              </Alert>
            )}
          </Box>
          {progress !== null && (
            <Box role="status">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('communication.postDialog.uploading', { percent: progress })}
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-label={t('communication.postDialog.uploadProgress')} />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={busy}>
            {editing && !post ? t('common.close') : t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? (editing ? t('common.saving') : t('communication.postDialog.creating')) : editing ? t('common.save') : t('communication.postDialog.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
