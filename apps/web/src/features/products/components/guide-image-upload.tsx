/** Sending a guide image (icon, front page, hole override) with its checks, progress and snackbars. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { IMAGE_UPLOAD } from '@golf/contract/api/images';
import { errorText } from '../../../lib/error-text';
import { formatFileSize, imageFileProblem } from '../../../lib/image-file';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useGuideImage, type GuideImageTarget } from '../api/guides';

/**
 * `send` checks the picked file (size, type) before uploading it with progress; `removeImage`
 * removes one. Each says how it went in a snackbar with the given texts.
 */
export function useGuideImageSender(clubId: number, guideId: number, texts: { saved: string; removed: string; failed: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { upload, remove } = useGuideImage(clubId, guideId);
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (target: GuideImageTarget, file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      snackbar.error(t(`products.image.${problem}`, { size: formatFileSize(IMAGE_UPLOAD.maxBytes, i18n.language) }));
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ target, file, onProgress: setProgress });
      snackbar.confirm(texts.saved);
    } catch (error) {
      snackbar.error(texts.failed, errorText(error, t));
    } finally {
      setProgress(null);
    }
  };

  const removeImage = async (target: GuideImageTarget) => {
    try {
      await remove.mutateAsync(target);
      snackbar.confirm(texts.removed);
    } catch (error) {
      snackbar.error(texts.failed, errorText(error, t));
    }
  };

  return { send, removeImage, progress, busy: upload.isPending || remove.isPending };
}

/** The upload's progress bar, under the drop zone's button. */
export function UploadProgress({ progress }: { progress: number | null }) {
  const { t } = useTranslation();
  if (progress === null) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <LinearProgress variant="determinate" value={progress} aria-label={t('products.image.uploading')} />
      <Typography variant="caption">{t('products.image.progress', { percent: progress })}</Typography>
    </Box>
  );
}
