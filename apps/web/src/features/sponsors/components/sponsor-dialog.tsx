import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { IMAGE_ACCEPT, IMAGE_UPLOAD } from '@golf/contract/api/images';
import type { Sponsor } from '@golf/contract/api/sponsors';
import { FormTextField } from '../../../components/form/form-text-field';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatFileSize, imageFileProblem } from '../../../lib/image-file';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useCreateSponsor, useRemoveSponsorLogo, useUpdateSponsor, useUploadSponsorLogo } from '../api/sponsors';
import { sponsorField, sponsorFormValues, sponsorResolver, type SponsorFormValues } from '../utils/sponsor-form';
import { sponsorMessageKey } from '../utils/sponsors';
import { SponsorLogo } from './sponsor-logo';

/** What happens to the logo on save: unchanged, a newly chosen file, or removed. */
type LogoChoice = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/** The sponsor was saved but its logo step failed: said in the dialog until the next save. */
interface LogoFailure {
  title: string;
  reason: string;
}

/**
 * New sponsor or edit one (§4): name and web address (the contract's SaveSponsorBody, the
 * server's refusals at their field), the logo chosen or dropped with a preview. Save sends the
 * sponsor first, then the logo only when a new file was chosen, with progress. If the logo fails
 * the sponsor stays saved: the dialog says so and turns into the sponsor's edit dialog, so Save
 * tries the logo again. The dialog cannot be closed while it saves.
 */
export function SponsorDialog({ clubId, sponsor, onClose, onDone }: { clubId: number; sponsor?: Sponsor; onClose: () => void; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const snackbar = useSnackbar();
  const create = useCreateSponsor(clubId);
  const update = useUpdateSponsor(clubId);
  const uploadLogo = useUploadSponsorLogo(clubId);
  const removeLogo = useRemoveSponsorLogo(clubId);
  const id = useId();
  /** The sponsor as stored: the one edited, or the one this dialog created when its logo failed. */
  const [saved, setSaved] = useState<Sponsor | undefined>(sponsor);
  const [logo, setLogo] = useState<LogoChoice>({ kind: 'keep' });
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [logoFailure, setLogoFailure] = useState<LogoFailure | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<SponsorFormValues>({ resolver: sponsorResolver, defaultValues: sponsorFormValues(sponsor) });

  const file = logo.kind === 'new' ? logo.file : null;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shownLogo = logo.kind === 'new' ? preview : logo.kind === 'remove' ? null : (saved?.logo ?? null);
  const maxMb = IMAGE_UPLOAD.maxBytes / 1024 / 1024;

  const pick = (picked: File) => {
    // A convenience: the server judges the bytes.
    const why = imageFileProblem(picked);
    if (why) {
      const size = formatFileSize(picked.size, i18n.language);
      setFileProblem(t(why === 'tooLarge' ? 'sponsors.dialog.fileTooLarge' : 'sponsors.dialog.fileNotImage', { name: picked.name, size, max: maxMb }));
      return;
    }
    setFileProblem(null);
    setLogo({ kind: 'new', file: picked });
  };

  const close = () => {
    if (isSubmitting) return;
    onClose();
  };

  /** The server's 400 names the fields it refused: each is shown at its field. */
  const showAtFields = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    let shown = false;
    for (const detail of error.details) {
      const field = sponsorField(detail.path);
      if (!field) continue;
      setError(field, { type: 'server', message: sponsorMessageKey(detail.message) }, { shouldFocus: !shown });
      shown = true;
    }
    return shown;
  };

  const save = handleSubmit(async (values) => {
    setFailure(null);
    setLogoFailure(null);
    const creating = !saved;
    let stored: Sponsor;
    try {
      stored = saved ? await update.mutateAsync({ id: saved.id, body: values }) : await create.mutateAsync(values);
    } catch (error) {
      if (showAtFields(error)) return;
      const reason = errorText(error, t);
      setFailure(reason);
      snackbar.show({ type: 'error', message: t('sponsors.saveFailed'), detail: reason, position: 'top' });
      return;
    }

    // §4: the sponsor first, then its logo, and only when a new file was chosen.
    if (logo.kind === 'new') {
      setProgress(0);
      try {
        await uploadLogo.mutateAsync({ id: stored.id, file: logo.file, onProgress: setProgress });
      } catch (error) {
        setSaved(stored);
        setLogoFailure({
          title: t(creating ? 'sponsors.dialog.createdLogoFailed' : 'sponsors.dialog.savedLogoFailed', { name: stored.name }),
          reason: errorText(error, t),
        });
        snackbar.show({ type: 'warning', message: t(creating ? 'sponsors.createdWithoutLogo' : 'sponsors.savedWithoutLogo', { name: stored.name }), position: 'top' });
        return;
      } finally {
        setProgress(null);
      }
    } else if (logo.kind === 'remove') {
      try {
        await removeLogo.mutateAsync(stored.id);
      } catch (error) {
        setSaved(stored);
        setLogoFailure({ title: t('sponsors.dialog.removeLogoFailed', { name: stored.name }), reason: errorText(error, t) });
        snackbar.show({ type: 'warning', message: t('sponsors.savedWithoutLogo', { name: stored.name }), position: 'top' });
        return;
      }
    }
    onDone(t(creating ? 'sponsors.created' : 'sponsors.saved', { name: stored.name }));
  });

  const editing = !!saved;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={`${id}-title`} aria-busy={isSubmitting}>
      <Box component="form" noValidate onSubmit={save} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={`${id}-title`}>{editing ? t('sponsors.dialog.editTitle') : t('sponsors.dialog.createTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, alignContent: 'start', pt: '8px !important' }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          {logoFailure && (
            <Alert severity="warning" data-testid="logo-failure">
              <AlertTitle>{logoFailure.title}</AlertTitle>
              {logoFailure.reason}
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {t('sponsors.dialog.logoFailedHint')}
              </Box>
            </Alert>
          )}
          <FormTextField
            control={control}
            name="name"
            label={t('sponsors.fields.name')}
            required
            autoFocus
            autoComplete="off"
            disabled={isSubmitting}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormTextField
            control={control}
            name="url"
            label={t('sponsors.fields.url')}
            helperText={t('sponsors.fields.urlHint')}
            placeholder="https://"
            autoComplete="url"
            disabled={isSubmitting}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, maxLength: 2000 } }}
          />
          <Box component="section" aria-labelledby={`${id}-logo`} sx={{ display: 'grid', gap: 1 }}>
            <Typography id={`${id}-logo`} variant="subtitle2" component="h3">
              {t('sponsors.fields.logo')}
            </Typography>
            <FileDropZone
              accept={IMAGE_ACCEPT}
              onFiles={([picked]) => pick(picked)}
              disabled={isSubmitting}
              start={
                <SponsorLogo
                  src={shownLogo}
                  alt={logo.kind === 'new' ? t('sponsors.dialog.previewAlt') : t('sponsors.dialog.currentLogo')}
                  noLogoLabel={t('sponsors.noLogo')}
                  brokenLabel={t('sponsors.dialog.previewFailed')}
                  width={136}
                  height={88}
                />
              }
              hint={t('sponsors.dialog.dropHint')}
              buttonLabel={shownLogo ? t('sponsors.dialog.chooseOther') : t('sponsors.dialog.chooseLogo')}
              buttonProps={{ startIcon: <UploadFileOutlinedIcon /> }}
              inputProps={{ 'aria-label': t('sponsors.fields.logo'), 'data-testid': 'sponsor-logo-input' }}
              caption={t('sponsors.dialog.formats', { max: maxMb })}
            >
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="sponsor-logo-file">
                {logo.kind === 'new'
                  ? t('sponsors.dialog.newFile', { name: logo.file.name, size: formatFileSize(logo.file.size, i18n.language) })
                  : logo.kind === 'remove'
                    ? t('sponsors.dialog.removedOnSave')
                    : saved?.logo
                      ? t('sponsors.dialog.currentLogo')
                      : t('sponsors.dialog.noFile')}
              </Typography>
              {saved?.logo && logo.kind === 'keep' && (
                <Button size="small" color="error" onClick={() => setLogo({ kind: 'remove' })} disabled={isSubmitting}>
                  {t('sponsors.dialog.removeLogo')}
                </Button>
              )}
              {logo.kind !== 'keep' && (
                <Button size="small" onClick={() => setLogo({ kind: 'keep' })} disabled={isSubmitting}>
                  {logo.kind === 'new' ? t('sponsors.dialog.discardFile') : t('sponsors.dialog.keepLogo')}
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
                {t('sponsors.dialog.uploading', { percent: progress })}
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-label={t('sponsors.dialog.uploadProgress')} />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={isSubmitting}>
            {editing && !sponsor ? t('common.close') : t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? (editing ? t('common.saving') : t('sponsors.dialog.creating')) : editing ? t('common.save') : t('sponsors.dialog.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
