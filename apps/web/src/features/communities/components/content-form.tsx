import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import type { z } from 'zod';
import type { CommunityImage } from '@golf/contract/api/communities';
import { isApiError, type UploadProgress } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { communityMessageKey, imagesLeft } from '../utils/communities';
import { ImageUploader, usePendingImages } from './image-uploader';

/** The steps of saving a text with images (§4: the text, then each image, then the list reloads). */
export interface ContentSteps {
  /** Creates or updates the text; answers the id the images go to. */
  save: (text: string) => Promise<number>;
  uploadImage: (id: number, file: File, onProgress: UploadProgress) => Promise<unknown>;
  removeImage: (id: number, imageId: number) => Promise<unknown>;
  reload: () => Promise<unknown>;
}

export interface ContentTexts {
  label: string;
  placeholder?: string;
  submit: string;
  busy: string;
  /** Said when all went well. */
  done: string;
  saveFailed: string;
  /** Saved, but `count` images were not. */
  imagesFailed: (count: number) => string;
  addImages: string;
}

/**
 * A post's, comment's or reply's text with its images, to write or to edit: the text (checked by
 * the contract's schema, with a counter), the images kept (each can be taken off) and the new ones
 * (several, each with its progress). Saving sends the text, takes off the images removed, uploads
 * each new image, then reloads. When an image fails the text stays saved: the form says so, keeps
 * the failed images with their reasons and offers to try them again (or to finish without them).
 */
export function ContentForm({
  schema,
  maxText,
  maxImages,
  initialText = '',
  initialImages = [],
  steps,
  texts,
  compact = false,
  autoFocus = false,
  rows = 3,
  onCancel,
  onDone,
}: {
  schema: z.ZodType<{ text: string }>;
  maxText: number;
  maxImages: number;
  initialText?: string;
  initialImages?: CommunityImage[];
  steps: ContentSteps;
  texts: ContentTexts;
  compact?: boolean;
  autoFocus?: boolean;
  rows?: number;
  onCancel?: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const id = useId();
  const images = usePendingImages();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [removed, setRemoved] = useState<number[]>([]);
  /** The text is saved, some images are not: the id they go to when tried again. */
  const [savedId, setSavedId] = useState<number | null>(null);
  const [imageFailure, setImageFailure] = useState<number>(0);
  const [busy, setBusy] = useState(false);
  const [showImages, setShowImages] = useState(!compact);

  const kept = initialImages.filter((i) => !removed.includes(i.id));
  const room = imagesLeft(maxImages, kept.length, images.items.length);
  const length = text.trim().length;
  const editing = initialText !== '' || initialImages.length > 0;

  const reset = () => {
    setText(initialText);
    setRemoved([]);
    setSavedId(null);
    setImageFailure(0);
    setError(null);
    setFailure(null);
    images.clear();
    if (compact) setShowImages(false);
  };

  const finish = () => {
    if (!editing) reset();
    onDone?.();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    let target = savedId;
    if (target === null) {
      const parsed = schema.safeParse({ text });
      if (!parsed.success) {
        setError(communityMessageKey(parsed.error.issues[0]?.message ?? ''));
        return;
      }
      setBusy(true);
      try {
        target = await steps.save(parsed.data.text);
      } catch (caught) {
        setBusy(false);
        const detail = isApiError(caught) ? caught.details.find((d) => d.path.split('.').pop() === 'text') : undefined;
        if (detail) {
          setError(communityMessageKey(detail.message));
          return;
        }
        const reason = errorText(caught, t);
        setFailure(reason);
        snackbar.error(texts.saveFailed, reason);
        return;
      }
    }
    setBusy(true);
    try {
      let failed = 0;
      for (const imageId of removed) {
        try {
          await steps.removeImage(target, imageId);
        } catch (caught) {
          failed++;
          snackbar.error(t('communities.images.removeFailed'), errorText(caught, t));
        }
      }
      setRemoved([]);
      const outcome = await images.uploadEach((file, onProgress) => steps.uploadImage(target, file, onProgress));
      failed += outcome.failed;
      await steps.reload().catch(() => undefined);
      if (outcome.failed > 0) {
        setSavedId(target);
        setImageFailure(outcome.failed);
        snackbar.warn(texts.imagesFailed(outcome.failed));
        return;
      }
      if (failed === 0) snackbar.confirm(texts.done);
      finish();
    } finally {
      setBusy(false);
    }
  };

  const retrying = savedId !== null;
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} closeText={t('common.close')}>
          {failure}
        </Alert>
      )}
      {retrying && (
        <Alert severity="warning" data-testid="images-failed">
          <AlertTitle>{texts.imagesFailed(imageFailure)}</AlertTitle>
          {t('communities.images.retryHint')}
        </Alert>
      )}
      <TextField
        id={`${id}-text`}
        label={texts.label}
        placeholder={texts.placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        multiline
        minRows={rows}
        maxRows={16}
        autoFocus={autoFocus}
        disabled={busy || retrying}
        size={compact ? 'small' : 'medium'}
        error={!!error || length > maxText}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>{error ? t(error, { max: maxText, defaultValue: error }) : ''}</span>
            {(length > maxText * 0.8 || !compact) && <span>{t('communities.counter', { count: length, max: maxText })}</span>}
          </Box>
        }
      />
      {initialImages.length > 0 && (
        <Box component="ul" aria-label={t('communities.images.kept')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {initialImages.map((image, index) => {
            const gone = removed.includes(image.id);
            return (
              <Box component="li" key={image.id} sx={{ position: 'relative', width: 96 }}>
                <Box
                  component="img"
                  src={image.url}
                  alt={t('communities.images.keptAlt', { index: index + 1 })}
                  sx={{ display: 'block', width: 96, height: 72, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', opacity: gone ? 0.35 : 1 }}
                />
                <Tooltip title={gone ? t('communities.images.keep') : t('communities.images.remove')}>
                  <IconButton
                    size="small"
                    disabled={busy || retrying}
                    onClick={() => setRemoved((list) => (gone ? list.filter((i) => i !== image.id) : [...list, image.id]))}
                    aria-label={gone ? t('communities.images.keepNumber', { index: index + 1 }) : t('communities.images.removeNumber', { index: index + 1 })}
                    aria-pressed={gone}
                    sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
                  >
                    {gone ? <UndoIcon fontSize="small" /> : <DeleteIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
                {gone && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t('communities.images.removedOnSave')}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      {showImages ? (
        <ImageUploader images={images} room={room} max={maxImages} disabled={busy} compact={compact} label={texts.addImages} />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center' }}>
        {!showImages && (
          <Button size="small" onClick={() => setShowImages(true)} disabled={busy} sx={{ mr: 'auto' }} aria-expanded={false}>
            {texts.addImages}
          </Button>
        )}
        {retrying ? (
          <Button onClick={finish} disabled={busy}>
            {t('communities.images.finishWithout')}
          </Button>
        ) : (
          onCancel && (
            <Button onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
          )
        )}
        <Button type="submit" variant="contained" disabled={busy || (retrying && images.items.length === 0)} size={compact ? 'small' : 'medium'}>
          {busy ? texts.busy : retrying ? t('communities.images.retry') : texts.submit}
        </Button>
      </Box>
    </Box>
  );
}
