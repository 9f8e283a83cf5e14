import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { GALLERY_MAX_IMAGES, type GalleryImage } from '@golf/contract/api/gallery';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useDeleteGalleryImages } from '../api/delete-gallery-images';
import { useGallery } from '../api/get-gallery';
import { EMPTY_SELECTION, liveSelection, toggleAll, toggleSelected, type Selection } from '../utils/selection';
import { UploadDialog } from './upload-dialog';

const GRID = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(140px, 1fr))', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
} as const;

/** /:clubId/club/gallery — the club's images: upload in a dialog, select and delete after confirmation. */
export function GalleryPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const gallery = useGallery(clubId);
  const snackbar = useSnackbar();
  const remove = useDeleteGalleryImages(clubId);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [picked, setPicked] = useState<Selection>(EMPTY_SELECTION);

  const images = gallery.data ?? [];
  const ids = images.map((i) => i.id);
  const selection = liveSelection(picked, ids);
  const room = Math.max(0, GALLERY_MAX_IMAGES - images.length);

  const deleteSelection = async () => {
    // Deleting an empty selection does nothing (§5).
    if (selection.length === 0) return;
    const { deleted, failed } = await remove.mutateAsync(selection);
    setConfirmOpen(false);
    setPicked((current) => current.filter((id) => !deleted.includes(id)));
    if (failed.length === 0) snackbar.confirm(t('gallery.deleted', { count: deleted.length }));
    else snackbar.error(t('gallery.deleteFailed', { count: failed.length }), errorText(failed[0].error, t));
  };

  const toolbar = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <Button
        variant="contained"
        startIcon={<AddPhotoAlternateOutlinedIcon />}
        onClick={() => setUploadOpen(true)}
        disabled={!gallery.isSuccess || room === 0}
      >
        {t('gallery.uploadImages')}
      </Button>
      {images.length > 0 && (
        <>
          <Button onClick={() => setPicked(toggleAll(selection, ids))}>
            {selection.length === images.length ? t('gallery.selectNone') : t('gallery.selectAll')}
          </Button>
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlinedIcon />}
            disabled={selection.length === 0}
            onClick={() => setConfirmOpen(true)}
          >
            {t('gallery.deleteSelected', { count: selection.length })}
          </Button>
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' }, width: { xs: '100%', sm: 'auto' } }} aria-live="polite">
        {gallery.isSuccess && t('gallery.count', { count: images.length, max: GALLERY_MAX_IMAGES })}
        {selection.length > 0 && ` · ${t('gallery.selectedCount', { count: selection.length })}`}
      </Typography>
    </Box>
  );

  let body;
  if (gallery.isPending) {
    body = (
      <Box sx={GRID} role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
        ))}
      </Box>
    );
  } else if (gallery.isError) {
    body = <ErrorState error={gallery.error} onRetry={() => void gallery.refetch()} />;
  } else if (images.length === 0) {
    body = (
      <Card>
        <EmptyState title={t('gallery.emptyTitle')}>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('gallery.emptyText')}
          </Typography>
        </EmptyState>
      </Card>
    );
  } else {
    body = (
      <Box component="ul" aria-label={t('gallery.listLabel')} sx={{ ...GRID, listStyle: 'none', p: 0, m: 0 }}>
        {images.map((image, index) => (
          <GalleryTile
            key={image.id}
            image={image}
            number={index + 1}
            selected={selection.includes(image.id)}
            onToggle={() => setPicked((current) => toggleSelected(liveSelection(current, ids), image.id))}
          />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200 }}>
      {toolbar}
      {body}
      <UploadDialog clubId={clubId} open={uploadOpen} room={room} onClose={() => setUploadOpen(false)} />
      <ConfirmDialog
        open={confirmOpen}
        title={t('gallery.confirmTitle', { count: selection.length })}
        confirmLabel={t('gallery.confirmDelete')}
        busy={remove.isPending}
        onConfirm={() => void deleteSelection()}
        onCancel={() => setConfirmOpen(false)}
      >
        {t('gallery.confirmText')}
      </ConfirmDialog>
    </Box>
  );
}

function GalleryTile({ image, number, selected, onToggle }: { image: GalleryImage; number: number; selected: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = t('gallery.imageLabel', { number, width: image.width, height: image.height });
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Card
        sx={{
          position: 'relative',
          borderWidth: 2,
          borderColor: selected ? 'primary.main' : 'transparent',
          boxShadow: selected ? 0 : 1,
          transition: 'border-color 120ms',
        }}
      >
        <Box
          component="img"
          src={image.thumb_url}
          alt={label}
          loading="lazy"
          onClick={onToggle}
          sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', cursor: 'pointer', bgcolor: 'action.hover' }}
        />
        <Checkbox
          checked={selected}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': t('gallery.selectImage', { label }) } }}
          sx={{
            position: 'absolute',
            top: 6,
            left: 6,
            p: 0.5,
            bgcolor: 'rgba(255,255,255,0.9)',
            borderRadius: 1,
            '&:hover': { bgcolor: '#fff' },
            '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        />
        <Box sx={{ px: 1.25, py: 0.75, display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary" noWrap>
            {image.width} × {image.height}
          </Typography>
          <Typography
            variant="caption"
            component="a"
            href={image.url}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ color: 'primary.main', fontWeight: 600 }}
            aria-label={t('gallery.openImage', { label })}
          >
            {t('gallery.open')}
          </Typography>
        </Box>
      </Card>
    </Box>
  );
}
