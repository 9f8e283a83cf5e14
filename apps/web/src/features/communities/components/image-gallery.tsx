import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import type { CommunityImage } from '@golf/contract/api/communities';

/**
 * The images of a post or comment as a grid of thumbnails; a click (or Enter) opens the image
 * larger in a dialog, with the previous and next one (arrow keys too). `small` for comments.
 */
export function ImageGrid({ images, label, small = false }: { images: CommunityImage[]; label: string; small?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const single = images.length === 1 && !small;
  const size = small ? 72 : 140;
  return (
    <>
      <Box
        component="ul"
        aria-label={label}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 0.75,
          gridTemplateColumns: single ? 'minmax(0, 1fr)' : `repeat(auto-fill, minmax(${size}px, 1fr))`,
          maxWidth: single ? 560 : small ? 4 * (size + 8) : undefined,
        }}
      >
        {images.map((image, index) => (
          <Box component="li" key={image.id} sx={{ minWidth: 0 }}>
            <ButtonBase
              focusRipple
              onClick={() => setOpen(index)}
              aria-label={t('communities.images.open', { index: index + 1, count: images.length })}
              sx={{ display: 'block', width: '100%', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
            >
              <Box
                component="img"
                src={image.url}
                alt=""
                loading="lazy"
                sx={{ display: 'block', width: '100%', aspectRatio: single ? `${Math.max(image.width, 1)} / ${Math.max(image.height, 1)}` : '1 / 1', maxHeight: single ? 420 : undefined, objectFit: 'cover', bgcolor: 'action.hover' }}
              />
            </ButtonBase>
          </Box>
        ))}
      </Box>
      {open !== null && <ImageViewer images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </>
  );
}

function ImageViewer({ images, index, onIndex, onClose }: { images: CommunityImage[]; index: number; onIndex: (i: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const id = useId();
  const image = images[index];
  const many = images.length > 1;
  const go = (step: number) => onIndex((index + step + images.length) % images.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth fullScreen={fullScreen} aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <DialogTitle id={`${id}-title`} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: '1 1 auto' }}>
          {t('communities.images.viewerTitle', { index: index + 1, count: images.length })}
        </Box>
        <Tooltip title={t('common.close')}>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', p: { xs: 1, sm: 2 }, bgcolor: 'grey.900' }}>
        <Box
          component="img"
          src={image.url}
          alt={t('communities.images.large', { index: index + 1, count: images.length })}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: { xs: 'calc(100vh - 180px)', sm: '75vh' }, objectFit: 'contain' }}
        />
      </DialogContent>
      {many && (
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Button startIcon={<ChevronLeftIcon />} onClick={() => go(-1)}>
            {t('communities.images.previous')}
          </Button>
          <Button endIcon={<ChevronRightIcon />} onClick={() => go(1)}>
            {t('communities.images.next')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
