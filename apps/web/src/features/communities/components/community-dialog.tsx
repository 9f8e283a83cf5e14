import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { COMMUNITY_LIMITS, type Community, type CommunityManager, type CommunitySummary } from '@golf/contract/api/communities';
import { IMAGE_ACCEPT, IMAGE_UPLOAD } from '@golf/contract/api/images';
import { FormTextField } from '../../../components/form/form-text-field';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatFileSize, imageFileProblem } from '../../../lib/image-file';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useCreateCommunity, useManagerCandidates, useRemoveCommunityImage, useUpdateCommunity, useUploadCommunityImage } from '../api/communities';
import { communityMessageKey } from '../utils/communities';
import { communityBody, communityField, communityFormValues, communityResolver, type CommunityFormValues } from '../utils/community-form';
import { CommunityImage } from './community-image';

/** What happens to the image on save: unchanged, a newly chosen file, or removed. */
type ImageChoice = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/**
 * New community or edit one (§4): name, description, whether it is invitation only (hidden), its
 * managers (chosen among the club's users with the communities role, only by the club's
 * community managers: `administer`), and its image with a preview. Save sends the community
 * first, then the image with progress; if the image fails the community stays saved and the
 * dialog turns into its edit dialog, so Save tries the image again.
 */
export function CommunityDialog({
  clubId,
  community,
  administer,
  onClose,
  onDone,
}: {
  clubId: number;
  /** The community edited (as the list or the community screen has it); none for a new one. */
  community?: CommunitySummary;
  administer: boolean;
  onClose: () => void;
  onDone: (message: string, saved: Community) => void;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const snackbar = useSnackbar();
  const id = useId();
  const create = useCreateCommunity(clubId);
  const update = useUpdateCommunity(clubId);
  const upload = useUploadCommunityImage(clubId);
  const removeImage = useRemoveCommunityImage(clubId);
  const candidates = useManagerCandidates(clubId, administer);
  const [saved, setSaved] = useState<CommunitySummary | undefined>(community);
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' });
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [imageFailure, setImageFailure] = useState<{ title: string; reason: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<CommunityFormValues>({ resolver: communityResolver, defaultValues: communityFormValues(community) });

  const file = image.kind === 'new' ? image.file : null;
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shownImage = image.kind === 'new' ? preview : image.kind === 'remove' ? null : (saved?.image_url ?? null);
  const maxMb = IMAGE_UPLOAD.maxBytes / 1024 / 1024;

  /** The managers to choose from: the candidates, and any current manager who is not one (any more). */
  const options = useMemo(() => {
    const list: CommunityManager[] = [...(candidates.data ?? [])];
    for (const m of community?.managers ?? []) if (!list.some((c) => c.user_id === m.user_id)) list.push(m);
    return list;
  }, [candidates.data, community]);

  const pick = (picked: File) => {
    const why = imageFileProblem(picked);
    if (why) {
      const size = formatFileSize(picked.size, i18n.language);
      setFileProblem(t(why === 'tooLarge' ? 'communities.images.fileTooLarge' : 'communities.images.fileNotImage', { name: picked.name, size, max: maxMb }));
      return;
    }
    setFileProblem(null);
    setImage({ kind: 'new', file: picked });
  };

  const close = () => {
    if (!isSubmitting) onClose();
  };

  /** The server's 400 names the fields it refused: each is shown at its field. */
  const showAtFields = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    let shown = false;
    for (const detail of error.details) {
      const field = communityField(detail.path);
      if (!field) continue;
      setError(field, { type: 'server', message: communityMessageKey(detail.message) }, { shouldFocus: !shown });
      shown = true;
    }
    if (!shown && error.code === 'communities.nameTaken') {
      setError('name', { type: 'server', message: errorText(error, t) }, { shouldFocus: true });
      shown = true;
    }
    return shown;
  };

  const save = handleSubmit(async (values) => {
    setFailure(null);
    setImageFailure(null);
    const creating = !saved;
    const body = communityBody(values, administer);
    let stored: Community;
    try {
      stored = saved ? await update.mutateAsync({ id: saved.id, body }) : await create.mutateAsync(body);
    } catch (error) {
      if (showAtFields(error)) return;
      const reason = errorText(error, t);
      setFailure(reason);
      snackbar.show({ type: 'error', message: t('communities.dialog.saveFailed'), detail: reason, position: 'top' });
      return;
    }
    // §4: the community first, then its image, and only when a new file was chosen.
    if (image.kind === 'new') {
      setProgress(0);
      try {
        stored = await upload.mutateAsync({ id: stored.id, file: image.file, onProgress: setProgress });
        setImage({ kind: 'keep' });
      } catch (error) {
        setSaved(stored);
        setImageFailure({ title: t(creating ? 'communities.dialog.createdImageFailed' : 'communities.dialog.savedImageFailed', { name: stored.name }), reason: errorText(error, t) });
        snackbar.show({ type: 'warning', message: t('communities.dialog.savedWithoutImage', { name: stored.name }), position: 'top' });
        return;
      } finally {
        setProgress(null);
      }
    } else if (image.kind === 'remove' && stored.image_url) {
      try {
        stored = await removeImage.mutateAsync(stored.id);
      } catch (error) {
        setSaved(stored);
        setImageFailure({ title: t('communities.dialog.removeImageFailed', { name: stored.name }), reason: errorText(error, t) });
        return;
      }
    }
    onDone(t(creating ? 'communities.dialog.created' : 'communities.dialog.saved', { name: stored.name }), stored);
  });

  const editing = !!saved;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={`${id}-title`} aria-busy={isSubmitting}>
      <Box component="form" noValidate onSubmit={save} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={`${id}-title`}>{editing ? t('communities.dialog.editTitle') : t('communities.dialog.createTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, alignContent: 'start', pt: '8px !important' }}>
          {failure && (
            <Alert severity="error" data-testid="community-failure">
              {failure}
            </Alert>
          )}
          {imageFailure && (
            <Alert severity="warning" data-testid="community-image-failure">
              <AlertTitle>{imageFailure.title}</AlertTitle>
              {imageFailure.reason}
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {t('communities.dialog.imageFailedHint')}
              </Box>
            </Alert>
          )}
          <FormTextField
            control={control}
            name="name"
            label={t('communities.fields.name')}
            helperText={t('communities.fields.nameHint')}
            messageValues={{ max: COMMUNITY_LIMITS.nameMax }}
            required
            autoFocus
            autoComplete="off"
            disabled={isSubmitting}
            slotProps={{ htmlInput: { maxLength: COMMUNITY_LIMITS.nameMax } }}
          />
          <FormTextField
            control={control}
            name="description"
            label={t('communities.fields.description')}
            helperText={t('communities.fields.descriptionHint')}
            messageValues={{ max: COMMUNITY_LIMITS.descriptionMax }}
            multiline
            minRows={3}
            maxRows={10}
            disabled={isSubmitting}
            slotProps={{ htmlInput: { maxLength: COMMUNITY_LIMITS.descriptionMax } }}
          />
          <Controller
            control={control}
            name="hidden"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} disabled={isSubmitting} slotProps={{ input: { ref: field.ref, 'aria-describedby': `${id}-hidden-help` } }} />}
                  label={t('communities.fields.hidden')}
                />
                <FormHelperText id={`${id}-hidden-help`} sx={{ mt: 0, ml: 6.5 }}>
                  {field.value ? t('communities.fields.hiddenOn') : t('communities.fields.hiddenOff')}
                </FormHelperText>
              </Box>
            )}
          />
          {administer ? (
            <Controller
              control={control}
              name="manager_ids"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={options}
                  value={options.filter((o) => field.value.includes(o.user_id))}
                  onChange={(_e, chosen) => field.onChange(chosen.map((c) => c.user_id))}
                  onBlur={field.onBlur}
                  getOptionLabel={(o) => o.name || o.email}
                  getOptionKey={(o) => o.user_id}
                  isOptionEqualToValue={(a, b) => a.user_id === b.user_id}
                  filterSelectedOptions
                  loading={candidates.isPending}
                  disabled={isSubmitting}
                  noOptionsText={candidates.isError ? t('communities.fields.candidatesFailed') : t('communities.fields.noCandidates')}
                  loadingText={t('common.loading')}
                  renderOption={({ key, ...props }, o) => (
                    <Box component="li" key={key} {...props} sx={{ display: 'grid !important', justifyItems: 'start' }}>
                      <span>{o.name || o.email}</span>
                      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {o.email}
                      </Typography>
                    </Box>
                  )}
                  renderValue={(chosen, getItemProps) => chosen.map((o, index) => <Chip {...getItemProps({ index })} key={o.user_id} label={o.name || o.email} size="small" />)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label={t('communities.fields.managers')}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ? t(fieldState.error.message, { defaultValue: fieldState.error.message }) : t('communities.fields.managersHint')}
                    />
                  )}
                />
              )}
            />
          ) : (
            <Box>
              <Typography variant="subtitle2" component="p">
                {t('communities.fields.managers')}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {community?.managers.length ? community.managers.map((m) => m.name).join(', ') : t('communities.noManagers')}
              </Typography>
              <FormHelperText>{t('communities.fields.managersFixed')}</FormHelperText>
            </Box>
          )}
          <Box component="section" aria-labelledby={`${id}-image`} sx={{ display: 'grid', gap: 1 }}>
            <Typography id={`${id}-image`} variant="subtitle2" component="h3">
              {t('communities.fields.image')}
            </Typography>
            <FileDropZone
              accept={IMAGE_ACCEPT}
              onFiles={([picked]) => pick(picked)}
              disabled={isSubmitting}
              start={<CommunityImage src={shownImage} alt={image.kind === 'new' ? t('communities.dialog.previewAlt') : t('communities.dialog.currentImage')} size={88} />}
              hint={t('communities.dialog.dropHint')}
              buttonLabel={shownImage ? t('communities.dialog.chooseOther') : t('communities.dialog.chooseImage')}
              buttonProps={{ startIcon: <UploadFileOutlinedIcon /> }}
              inputProps={{ 'aria-label': t('communities.fields.image'), 'data-testid': 'community-image-input' }}
              caption={t('communities.dialog.formats', { max: maxMb })}
            >
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {image.kind === 'new'
                  ? t('communities.dialog.newFile', { name: image.file.name, size: formatFileSize(image.file.size, i18n.language) })
                  : image.kind === 'remove'
                    ? t('communities.dialog.removedOnSave')
                    : saved?.image_url
                      ? t('communities.dialog.currentImage')
                      : t('communities.dialog.noImage')}
              </Typography>
              {saved?.image_url && image.kind === 'keep' && (
                <Button size="small" color="error" onClick={() => setImage({ kind: 'remove' })} disabled={isSubmitting}>
                  {t('communities.dialog.removeImage')}
                </Button>
              )}
              {image.kind !== 'keep' && (
                <Button size="small" onClick={() => setImage({ kind: 'keep' })} disabled={isSubmitting}>
                  {image.kind === 'new' ? t('communities.dialog.discardFile') : t('communities.dialog.keepImage')}
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
                {t('communities.dialog.uploading', { percent: progress })}
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-label={t('communities.dialog.uploadProgress')} />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap' }}>
          <Button onClick={close} disabled={isSubmitting}>
            {editing && !community ? t('common.close') : t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? (editing ? t('common.saving') : t('communities.dialog.creating')) : editing ? t('common.save') : t('communities.dialog.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
