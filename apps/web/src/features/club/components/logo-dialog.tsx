import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import CropLandscapeOutlinedIcon from '@mui/icons-material/CropLandscapeOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import type { Club, LogoShape } from '@golf/contract/api/clubs';
import { IMAGE_ACCEPT, IMAGE_UPLOAD } from '@golf/contract/api/images';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { errorText } from '../../../lib/error-text';
import { imageFileProblem } from '../../../lib/image-file';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useUploadLogo } from '../api/upload-logo';
import { logoToSend, NO_LOGO, type LogoSelection } from '../utils/logo-selection';
import { ClubLogo } from './club-logo';

/**
 * The logo dialog (§4): pick round or rectangular and an image, see it as the app will show it,
 * save. Save sends the round logo if there is one, else the rectangular; the club reloads and
 * the dialog closes. The dialog cannot be closed while the upload runs.
 */
export function LogoDialog({ club, open, onClose }: { club: Club; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const snackbar = useSnackbar();
  const upload = useUploadLogo(club.id);
  const inputId = useId();
  const [shape, setShape] = useState<LogoShape>(club.logo_shape ?? 'round');
  const [selection, setSelection] = useState<LogoSelection>(NO_LOGO);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const busy = upload.isPending;
  const file = selection[shape];
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = (picked: File) => {
    const why = imageFileProblem(picked);
    if (why) {
      setProblem(t(why === 'tooLarge' ? 'logo.fileTooLarge' : 'logo.fileNotImage', { name: picked.name, max: IMAGE_UPLOAD.maxBytes / 1024 / 1024 }));
      return;
    }
    setProblem(null);
    // One image at a time: the picked one is the logo of the chosen shape.
    setSelection({ ...NO_LOGO, [shape]: picked });
  };

  const changeShape = (next: LogoShape | null) => {
    if (!next || next === shape) return;
    setShape(next);
    setSelection((current) => {
      const picked = current.round ?? current.rectangular;
      return picked ? { ...NO_LOGO, [next]: picked } : NO_LOGO;
    });
  };

  const close = () => {
    if (busy) return;
    setSelection(NO_LOGO);
    setProblem(null);
    upload.reset();
    onClose();
  };

  const save = async () => {
    const logo = logoToSend(selection);
    if (!logo) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ ...logo, onProgress: setProgress });
      snackbar.confirm(t('logo.saved'));
      setSelection(NO_LOGO);
      onClose();
    } catch (error) {
      // At the top: the dialog stays open and its buttons are at the bottom.
      snackbar.show({ type: 'error', message: t('logo.saveFailed'), detail: errorText(error, t), position: 'top' });
    }
  };

  const currentSrc = preview ?? (club.logo_shape === shape ? club.logo_url : null);

  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${inputId}-title`}>
      <DialogTitle id={`${inputId}-title`}>{t('logo.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
        <Box>
          <Typography id={`${inputId}-shape`} variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {t('logo.shape')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            value={shape}
            onChange={(_e, next: LogoShape | null) => changeShape(next)}
            aria-labelledby={`${inputId}-shape`}
            disabled={busy}
            size="small"
          >
            <ToggleButton value="round" sx={{ gap: 1, px: 2 }}>
              <CircleOutlinedIcon fontSize="small" />
              {t('logo.round')}
            </ToggleButton>
            <ToggleButton value="rectangular" sx={{ gap: 1, px: 2 }}>
              <CropLandscapeOutlinedIcon fontSize="small" />
              {t('logo.rectangular')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {shape === 'round' ? t('logo.roundHint') : t('logo.rectangularHint')}
          </Typography>
        </Box>

        <FileDropZone
          accept={IMAGE_ACCEPT}
          onFiles={([picked]) => pick(picked)}
          disabled={busy}
          start={<ClubLogo src={currentSrc} shape={shape} name={club.name} size={104} alt={t('logo.previewAlt')} />}
          buttonLabel={file ? t('logo.chooseOther') : t('logo.choose')}
          buttonProps={{ startIcon: <UploadFileOutlinedIcon /> }}
          inputProps={{ id: inputId }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="logo-file-name">
            {file ? file.name : t('logo.noFile')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('logo.formats', { max: IMAGE_UPLOAD.maxBytes / 1024 / 1024 })}
          </Typography>
        </FileDropZone>

        {problem && <Alert severity="warning">{problem}</Alert>}
        {upload.isError && !busy && <Alert severity="error">{errorText(upload.error, t)}</Alert>}
        {busy && (
          <Box>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('logo.uploading', { percent: progress })}
            </Typography>
            <LinearProgress variant="determinate" value={progress} aria-label={t('logo.uploadProgress')} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !logoToSend(selection)}>
          {busy ? t('common.saving') : t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
