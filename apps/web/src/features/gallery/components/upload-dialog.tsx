import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { GALLERY_MAX_IMAGES } from '@golf/contract/api/gallery';
import { IMAGE_ACCEPT, IMAGE_UPLOAD } from '@golf/contract/api/images';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { errorText } from '../../../lib/error-text';
import { formatFileSize, imageFileProblem } from '../../../lib/image-file';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useUploadGalleryImages } from '../api/upload-gallery-images';

interface Picked {
  file: File;
  /** Why it will not be sent (a translated text), or why the server refused it. */
  problem?: string;
}

/**
 * Upload images in a dialog (§2, §4): pick or drop files, send them one after the other with a
 * progress bar. While uploading the dialog cannot be closed, so the screen stays blocked; when
 * all are stored it closes. Files the server refused stay listed with its reason.
 */
export function UploadDialog({ clubId, open, room, onClose }: { clubId: number; open: boolean; room: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const snackbar = useSnackbar();
  const upload = useUploadGalleryImages(clubId);
  const titleId = useId();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [progress, setProgress] = useState({ percent: 0, index: 0 });
  const busy = upload.isPending;
  const sendable = picked.filter((p) => !p.problem);
  const overRoom = sendable.length > room;

  const add = (files: File[]) => {
    const max = IMAGE_UPLOAD.maxBytes / 1024 / 1024;
    const next = files.map((file) => {
      const why = imageFileProblem(file);
      const problem =
        why === 'tooLarge'
          ? t('gallery.fileTooLarge', { size: formatFileSize(file.size, i18n.language), max })
          : why === 'notImage'
            ? t('gallery.fileNotImage')
            : undefined;
      return { file, problem };
    });
    setPicked((current) => [...current.filter((p) => !p.problem), ...next]);
  };

  const close = () => {
    if (busy) return;
    setPicked([]);
    onClose();
  };

  const start = async () => {
    if (sendable.length === 0 || overRoom) return;
    setProgress({ percent: 0, index: 0 });
    const { uploaded, failed } = await upload.mutateAsync({
      files: sendable.map((p) => p.file),
      onProgress: (percent, index) => setProgress({ percent, index }),
    });
    if (failed.length === 0) {
      snackbar.confirm(t('gallery.uploaded', { count: uploaded.length }));
      setPicked([]);
      onClose();
      return;
    }
    // At the top: the dialog stays open and its buttons are at the bottom.
    snackbar.show({ type: 'error', message: t('gallery.uploadFailed', { count: failed.length }), detail: errorText(failed[0].error, t), position: 'top' });
    setPicked(failed.map(({ file, error }) => ({ file, problem: errorText(error, t) })));
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-busy={busy}
    >
      <DialogTitle id={titleId}>{t('gallery.uploadTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <FileDropZone
          accept={IMAGE_ACCEPT}
          multiple
          onFiles={add}
          disabled={busy}
          icon={<AddPhotoAlternateOutlinedIcon color="primary" sx={{ fontSize: 40 }} />}
          hint={t('gallery.dropHint')}
          buttonLabel={t('gallery.chooseFiles')}
          inputProps={{ 'data-testid': 'gallery-file-input' }}
          caption={t('gallery.formats', { max: IMAGE_UPLOAD.maxBytes / 1024 / 1024 })}
        />

        {picked.length > 0 && (
          <List dense disablePadding aria-label={t('gallery.chosenFiles')} sx={{ maxHeight: 240, overflow: 'auto' }}>
            {picked.map((p, i) => (
              <ListItem
                key={`${p.file.name}-${i}`}
                disableGutters
                secondaryAction={
                  !busy && (
                    <IconButton
                      edge="end"
                      aria-label={t('gallery.removeFile', { name: p.file.name })}
                      onClick={() => setPicked((current) => current.filter((_, j) => j !== i))}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={p.file.name}
                  secondary={p.problem ?? formatFileSize(p.file.size, i18n.language)}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere' } },
                    secondary: { color: p.problem ? 'error' : 'text.secondary' },
                  }}
                />
              </ListItem>
            ))}
          </List>
        )}

        {overRoom && <Alert severity="warning">{t('gallery.overRoom', { room, max: GALLERY_MAX_IMAGES })}</Alert>}

        {busy && (
          <Box role="status">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('gallery.uploading', { current: progress.index + 1, total: sendable.length, percent: progress.percent })}
            </Typography>
            <LinearProgress variant="determinate" value={progress.percent} aria-label={t('gallery.uploadProgress')} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void start()} disabled={busy || sendable.length === 0 || overRoom}>
          {sendable.length > 0 ? t('gallery.uploadCount', { count: sendable.length }) : t('gallery.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
