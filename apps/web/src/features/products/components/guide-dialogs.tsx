/** The dialogs of the guides list: create (title and courses), copy (a new title), the icon, the app order. */
import { useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ImageIcon from '@mui/icons-material/Image';
import { CourseIds, GuideTitle, moveItem, type Guide } from '@golf/contract/api/guides';
import { IMAGE_ACCEPT, IMAGE_UPLOAD } from '@golf/contract/api/images';
import type { Course } from '@golf/contract/api/courses';
import { FormTextField } from '../../../components/form/form-text-field';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { errorText } from '../../../lib/error-text';
import { formatFileSize } from '../../../lib/image-file';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useSaveAppOrders } from '../api/guides';
import { UploadProgress, useGuideImageSender } from './guide-image-upload';

const CreateValues = z.object({ title: GuideTitle, course_ids: CourseIds });
type CreateValues = z.infer<typeof CreateValues>;

/** New guide: a title and the courses it covers; the rest is set up on the guide's pages. */
export function CreateGuideDialog({
  open,
  courses,
  busy,
  onCancel,
  onCreate,
}: {
  open: boolean;
  courses: Course[];
  busy: boolean;
  onCancel: () => void;
  onCreate: (values: CreateValues) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState } = useForm<CreateValues>({
    resolver: zodResolver(CreateValues),
    defaultValues: { title: '', course_ids: courses.length === 1 ? [courses[0].id] : [] },
  });
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="create-guide-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={handleSubmit(onCreate)}>
        <DialogTitle id="create-guide-title">{t('products.create.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormTextField control={control} name="title" label={t('products.fields.title')} required autoFocus slotProps={{ htmlInput: { maxLength: 140 } }} />
          <Controller
            control={control}
            name="course_ids"
            render={({ field }) => (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle2">
                  {t('products.fields.courses')}
                </Typography>
                {courses.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('products.create.noCourses')}
                  </Typography>
                ) : (
                  <FormGroup>
                    {courses.map((course) => (
                      <FormControlLabel
                        key={course.id}
                        label={course.name}
                        control={
                          <Checkbox
                            checked={field.value.includes(course.id)}
                            onChange={(event) => field.onChange(event.target.checked ? [...field.value, course.id] : field.value.filter((id) => id !== course.id))}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                )}
                {formState.errors.course_ids && <FormHelperText error>{formState.errors.course_ids.message ?? formState.errors.course_ids.root?.message}</FormHelperText>}
              </Box>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('products.create.creating') : t('products.create.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

const CopyValues = z.object({ title: GuideTitle });

/** Copy: the new guide's title (the copy takes settings, ratings, markers, hole choices and images). */
export function CopyGuideDialog({ guide, busy, onCancel, onCopy }: { guide: Guide; busy: boolean; onCancel: () => void; onCopy: (title: string) => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<z.infer<typeof CopyValues>>({
    resolver: zodResolver(CopyValues),
    defaultValues: { title: t('products.copy.defaultTitle', { title: guide.title }).slice(0, 120) },
  });
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="copy-guide-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={handleSubmit((v) => onCopy(v.title))}>
        <DialogTitle id="copy-guide-title">{t('products.copy.title', { title: guide.title })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Typography variant="body2" color="text.secondary">
            {t('products.copy.hint')}
          </Typography>
          <FormTextField control={control} name="title" label={t('products.copy.newTitle')} required autoFocus slotProps={{ htmlInput: { maxLength: 140 } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('products.copy.copying') : t('products.copy.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The guide's icon in the golfers' app: drop or choose an image, with progress; or remove it. */
export function GuideIconDialog({ clubId, guide, onClose }: { clubId: number; guide: Guide; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { send, removeImage, progress, busy } = useGuideImageSender(clubId, guide.guide_id, {
    saved: t('products.icon.saved'),
    removed: t('products.icon.removed'),
    failed: t('products.icon.failed'),
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="guide-icon-title" fullWidth maxWidth="sm">
      <DialogTitle id="guide-icon-title">{t('products.icon.title', { title: guide.title })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <FileDropZone
          accept={IMAGE_ACCEPT}
          onFiles={([file]) => void send({ kind: 'icon' }, file)}
          buttonLabel={guide.icon_url ? t('products.icon.replace') : t('products.icon.choose')}
          disabled={busy}
          hint={t('products.icon.hint')}
          caption={t('products.image.formats', { size: formatFileSize(IMAGE_UPLOAD.maxBytes, i18n.language) })}
          inputProps={{ 'aria-label': t('products.icon.choose') }}
          start={
            <Avatar variant="rounded" src={guide.icon_url ?? undefined} alt={guide.icon_url ? t('products.icon.current') : ''} sx={{ width: 96, height: 96 }}>
              <ImageIcon fontSize="large" />
            </Avatar>
          }
        >
          <UploadProgress progress={progress} />
        </FileDropZone>
      </DialogContent>
      <DialogActions>
        {guide.icon_url && (
          <Button
            color="error"
            disabled={busy}
            onClick={() => void removeImage({ kind: 'icon' })}
            sx={{ mr: 'auto' }}
          >
            {t('products.icon.remove')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The order of the guides in the golfers' app: move up and down (buttons, so the keyboard reaches them), then save. */
export function AppOrderDialog({ clubId, guides, onClose }: { clubId: number; guides: Guide[]; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const save = useSaveAppOrders(clubId);
  const [order, setOrder] = useState(() => guides.map((g) => g.guide_id));
  const [moved, setMoved] = useState<string>('');
  const titleOf = (id: number) => guides.find((g) => g.guide_id === id)?.title ?? '';
  const dirty = order.some((id, i) => id !== guides[i]?.guide_id);

  const move = (index: number, step: -1 | 1) => {
    const next = moveItem(order, index, step);
    setOrder(next);
    setMoved(t('products.appOrder.moved', { title: titleOf(order[index]), place: next.indexOf(order[index]) + 1 }));
    // Keep the focus on the same button of the moved guide, so it can be moved again at once.
    requestAnimationFrame(() => document.getElementById(`app-order-${order[index]}-${step < 0 ? 'up' : 'down'}`)?.focus());
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby="app-order-title" fullWidth maxWidth="sm">
      <DialogTitle id="app-order-title">{t('products.appOrder.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('products.appOrder.hint')}
        </Typography>
        <List aria-label={t('products.appOrder.title')}>
          {order.map((id, index) => (
            <ListItem
              key={id}
              divider={index < order.length - 1}
              secondaryAction={
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <IconButton id={`app-order-${id}-up`} aria-label={t('products.appOrder.up', { title: titleOf(id) })} disabled={index === 0 || save.isPending} onClick={() => move(index, -1)}>
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    id={`app-order-${id}-down`}
                    aria-label={t('products.appOrder.down', { title: titleOf(id) })}
                    disabled={index === order.length - 1 || save.isPending}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                </Box>
              }
            >
              <ListItemText primary={`${index + 1}. ${titleOf(id)}`} sx={{ pr: 10 }} />
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" aria-live="polite" sx={{ position: 'absolute', left: -10000 }}>
          {moved}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!dirty || save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync(order);
              snackbar.confirm(t('products.appOrder.saved'));
              onClose();
            } catch (error) {
              snackbar.error(t('products.appOrder.failed'), errorText(error, t));
            }
          }}
        >
          {save.isPending ? t('common.saving') : t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
