import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { Guide } from '@golf/contract/api/guides';
import { LoadingState } from '../../../components/ui/loading-state';
import type { GuidePage } from '../utils/guide-pages';

// The renderer, its layout and the font load only when a preview opens.
const GuidePreview = lazy(() => import('./guide-preview'));

/**
 * 'Preview' on every page of a guide: the printed guide drawn in the browser by the PDF's
 * renderer, opened on the page the current tab sets up (the welcome tab on the welcome page, …).
 */
export function GuidePreviewButton({ clubId, guide, tab }: { clubId: number; guide: Guide; tab: GuidePage['key'] | null }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('products.preview.open')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullScreen={narrow} fullWidth maxWidth="xl" aria-labelledby="preview-title" aria-describedby="preview-hint">
          <DialogTitle id="preview-title" sx={{ pb: 0 }}>
            {t('products.preview.title', { title: guide.title })}
            <Typography id="preview-hint" variant="body2" color="text.secondary">
              {t('products.preview.hint')}
            </Typography>
          </DialogTitle>
          <DialogContent sx={{ pt: '16px !important' }}>
            <Suspense fallback={<LoadingState rows={4} />}>
              <GuidePreview clubId={clubId} guideId={guide.guide_id} frontPageImageUrl={guide.front_page_image_url} tab={tab} />
            </Suspense>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('products.preview.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
