import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { IMAGE_ACCEPT, IMAGE_UPLOAD } from '@golf/contract/api/images';
import { FileDropZone } from '../../../../components/ui/file-drop-zone';
import type { UploadProgress } from '../../../../lib/api-client';
import { errorText } from '../../../../lib/error-text';
import { formatFileSize, imageFileProblem } from '../../../../lib/image-file';

/** An image chosen for a comment: uploaded after the comment is saved (§4), with its progress. */
export interface PendingImage {
  key: number;
  file: File;
  preview: string;
  /** Percent while it uploads; null before. */
  progress: number | null;
  done: boolean;
  /** Why it did not go up. */
  failed: string | null;
}

export interface UploadOutcome {
  uploaded: number;
  failed: number;
}

/**
 * The images chosen in a comment form: add (checked against the room left; a file plainly not an
 * image or too large is refused with its reason), remove before saving, upload each in turn with
 * its progress (failed ones stay with the reason), clear. Previews are object URLs, released when
 * an image leaves the list or the form goes away.
 */
export function usePendingImages() {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<PendingImage[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextKey = useRef(1);
  const current = useRef<PendingImage[]>([]);
  useEffect(() => {
    current.current = items;
  }, [items]);
  useEffect(
    () => () => {
      for (const item of current.current) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  const add = useCallback(
    (files: File[], room: number) => {
      const found: string[] = [];
      const taken: PendingImage[] = [];
      const maxMb = IMAGE_UPLOAD.maxBytes / 1024 / 1024;
      const left = room - current.current.length;
      for (const file of files) {
        const why = imageFileProblem(file);
        if (why) {
          found.push(t(why === 'tooLarge' ? 'greenkeeper.techmap.images.fileTooLarge' : 'greenkeeper.techmap.images.fileNotImage', { name: file.name, size: formatFileSize(file.size, i18n.language), max: maxMb }));
          continue;
        }
        if (taken.length >= left) {
          found.push(t('greenkeeper.techmap.images.noRoom', { name: file.name }));
          continue;
        }
        taken.push({ key: nextKey.current++, file, preview: URL.createObjectURL(file), progress: null, done: false, failed: null });
      }
      setProblems(found);
      if (taken.length > 0) setItems((list) => [...list, ...taken]);
    },
    [t, i18n.language],
  );

  const remove = useCallback((key: number) => {
    setItems((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((i) => i.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    setItems((list) => {
      for (const item of list) URL.revokeObjectURL(item.preview);
      return [];
    });
    setProblems([]);
  }, []);

  const patch = useCallback((key: number, change: Partial<PendingImage>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i))), []);

  /** Uploads every image not yet up, one after the other; the ones that went up leave the list. */
  const uploadEach = useCallback(
    async (send: (file: File, onProgress: UploadProgress) => Promise<unknown>): Promise<UploadOutcome> => {
      const outcome: UploadOutcome = { uploaded: 0, failed: 0 };
      for (const item of current.current.filter((i) => !i.done)) {
        patch(item.key, { progress: 0, failed: null });
        try {
          await send(item.file, (percent) => patch(item.key, { progress: percent }));
          patch(item.key, { progress: 100, done: true });
          outcome.uploaded++;
        } catch (error) {
          patch(item.key, { progress: null, failed: errorText(error, t) });
          outcome.failed++;
        }
      }
      setItems((list) => {
        for (const item of list) if (item.done) URL.revokeObjectURL(item.preview);
        return list.filter((i) => !i.done);
      });
      return outcome;
    },
    [t, patch],
  );

  return { items, problems, dismissProblems: () => setProblems([]), add, remove, clear, uploadEach };
}

export type PendingImages = ReturnType<typeof usePendingImages>;

/**
 * Choose several images (the file picker or a drop), see each preview, remove one before saving,
 * and watch each one's progress while it uploads. `room` is how many images the comment may
 * still take (the cap minus the ones it keeps).
 */
export function CommentImagePicker({ images, room, disabled = false, inputId }: { images: PendingImages; room: number; disabled?: boolean; inputId: string }) {
  const { t } = useTranslation();
  const maxMb = IMAGE_UPLOAD.maxBytes / 1024 / 1024;
  const left = Math.max(0, room - images.items.length);
  const label = t('greenkeeper.techmap.images.add');
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <FileDropZone
        accept={IMAGE_ACCEPT}
        multiple
        onFiles={(files) => images.add(files, room)}
        disabled={disabled || left <= 0}
        hint={t('greenkeeper.techmap.images.dropHint')}
        buttonLabel={label}
        buttonProps={{ startIcon: <AddPhotoIcon />, size: 'small' }}
        inputProps={{ 'aria-label': label, 'data-testid': inputId }}
        caption={left <= 0 ? t('greenkeeper.techmap.images.full') : t('greenkeeper.techmap.images.formats', { max: maxMb, count: left })}
      >
        {images.items.length > 0 && (
          <Box component="ul" aria-label={t('greenkeeper.techmap.images.chosen')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', width: '100%' }}>
            {images.items.map((item, index) => (
              <PendingTile key={item.key} item={item} index={index + 1} disabled={disabled} onRemove={() => images.remove(item.key)} />
            ))}
          </Box>
        )}
      </FileDropZone>
      {images.problems.length > 0 && (
        <Alert severity="warning" onClose={images.dismissProblems} closeText={t('common.close')}>
          {images.problems.map((p) => (
            <Box key={p} component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {p}
            </Box>
          ))}
        </Alert>
      )}
    </Box>
  );
}

function PendingTile({ item, index, disabled, onRemove }: { item: PendingImage; index: number; disabled: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const uploading = item.progress !== null && !item.done;
  return (
    <Box component="li" data-testid="pending-image" sx={{ width: 96, display: 'grid', gap: 0.5, position: 'relative' }}>
      <Box
        component="img"
        src={item.preview}
        alt={t('greenkeeper.techmap.images.previewAlt', { index, name: item.file.name })}
        sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: item.failed ? 'error.main' : 'divider', display: 'block' }}
      />
      {!uploading && !item.done && (
        <IconButton
          size="small"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t('greenkeeper.techmap.images.removeChosen', { name: item.file.name })}
          title={t('greenkeeper.techmap.images.removeChosen', { name: item.file.name })}
          sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', boxShadow: 1, '&:hover': { bgcolor: 'background.paper' } }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
      {uploading && <LinearProgress variant="determinate" value={item.progress ?? 0} aria-label={t('greenkeeper.techmap.images.progress', { name: item.file.name })} data-testid="pending-image-progress" />}
      {item.failed ? (
        <Typography variant="caption" color="error" sx={{ display: 'flex', gap: 0.25, alignItems: 'flex-start', overflowWrap: 'anywhere' }} data-testid="pending-image-failed">
          <ErrorIcon sx={{ fontSize: '1rem' }} aria-hidden />
          {item.failed}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary" noWrap title={item.file.name}>
          {uploading ? t('greenkeeper.techmap.images.percent', { percent: item.progress }) : item.file.name}
        </Typography>
      )}
    </Box>
  );
}
