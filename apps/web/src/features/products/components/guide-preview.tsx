/**
 * The printed guide's live preview (issue 10): the server's render input (GET print-input, exactly
 * what the PDF job renders) laid out by the contract's layoutGuide and drawn page by page with
 * pageToSvg, in Noto Sans as the PDF embeds it. This module is loaded lazily, with the font, only
 * when a preview opens.
 */
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { FONT_FAMILY } from '@golf/contract/print/font-metrics';
import { layoutGuide, pageSizeMm } from '@golf/contract/print/layout';
import { PT_PER_INCH, type Page } from '@golf/contract/print/page';
import type { GuideSponsor } from '@golf/contract/print/input';
import { pageToSvg } from '@golf/contract/print/svg';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { usePrintInput } from '../api/generation';
import type { GuidePage } from '../utils/guide-pages';
import { pageAfterKey, previewImageHref, previewStartPage } from '../utils/preview';

type Zoom = 'fit' | 'actual';

/** Waits (at most 3 s) for both weights of the guide font, so the first page drawn already has the PDF's text widths. */
function useGuideFont(): boolean {
  const [ready, setReady] = useState(() => typeof document === 'undefined' || !('fonts' in document));
  useEffect(() => {
    if (ready) return;
    let live = true;
    const done = () => live && setReady(true);
    const timer = setTimeout(done, 3000);
    Promise.all([document.fonts.load(`400 12px "${FONT_FAMILY}"`, 'Åæø'), document.fonts.load(`700 12px "${FONT_FAMILY}"`, 'Åæø')]).then(done, done);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}

export default function GuidePreview({ clubId, guideId, frontPageImageUrl, tab }: { clubId: number; guideId: number; frontPageImageUrl: string | null; tab: GuidePage['key'] | null }) {
  const { t } = useTranslation();
  const input = usePrintInput(clubId, guideId);
  const fontReady = useGuideFont();
  const laid = useMemo<{ pages: Page[] } | { error: unknown } | null>(() => {
    if (!input.data) return null;
    try {
      return { pages: layoutGuide(input.data) };
    } catch (error) {
      return { error };
    }
  }, [input.data]);

  if (input.isPending || !fontReady)
    return (
      <Box role="status">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('products.preview.loading')}
        </Typography>
        <LoadingState rows={4} />
      </Box>
    );
  if (input.isError) return <ErrorState error={input.error} title={t('products.preview.loadFailed')} onRetry={() => void input.refetch()} />;
  if (!laid || 'error' in laid) return <ErrorState error={laid?.error} title={t('products.preview.loadFailed')} onRetry={() => void input.refetch()} />;
  if (laid.pages.length === 0) return <EmptyState title={t('products.preview.empty')} />;
  return <PageViewer pages={laid.pages} layoutKey={input.data.guide.layout} tab={tab} frontPageImageUrl={frontPageImageUrl} sponsors={input.data.sponsors} />;
}

function PageViewer({ pages, layoutKey, tab, frontPageImageUrl, sponsors }: { pages: Page[]; layoutKey: string; tab: GuidePage['key'] | null; frontPageImageUrl: string | null; sponsors: GuideSponsor[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [index, setIndex] = useState(() => previewStartPage(pages, tab));
  const [zoom, setZoom] = useState<Zoom>('fit');
  const viewer = useRef<HTMLDivElement>(null);
  // A save changes the pages: stay on the same page number where it still exists.
  const current = Math.min(index, pages.length - 1);
  const page = pages[current];
  const svg = useMemo(() => pageToSvg(page, { imageHref: (ref) => previewImageHref(ref, frontPageImageUrl, sponsors) }), [page, frontPageImageUrl, sponsors]);
  const size = pageSizeMm(page);
  const go = (i: number) => setIndex(Math.max(0, Math.min(pages.length - 1, i)));
  const pageName = (p: Page, i: number) => t('products.preview.page', { number: i + 1, label: p.label });

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea, [role="listbox"]')) return;
    const next = pageAfterKey(event.key, current, pages.length);
    if (next === null) return;
    event.preventDefault();
    go(next);
  };

  // Fit: the page as large as the viewer allows (measured); actual size: 1 pt = 1/72 in on screen.
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const el = viewer.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setBox({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const pxPerPt = zoom === 'fit' && box ? Math.max(0.1, Math.min(box.width / page.width, box.height / page.height)) : 96 / PT_PER_INCH;
  return (
    <Box onKeyDown={onKeyDown} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' }, alignItems: 'start' }}>
      {wide ? (
        <Box component="nav" aria-label={t('products.preview.pages')} sx={{ overflowY: 'auto', maxHeight: 'calc(100vh - 200px)', borderRight: 1, borderColor: 'divider' }}>
          <List dense disablePadding>
            {pages.map((p, i) => (
              <ListItemButton key={i} selected={i === current} aria-current={i === current ? 'page' : undefined} onClick={() => go(i)}>
                <ListItemText primary={`${i + 1}. ${p.label}`} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      ) : (
        <TextField select size="small" label={t('products.preview.pages')} value={current} onChange={(e) => go(Number(e.target.value))} slotProps={{ select: { native: true } }}>
          {pages.map((p, i) => (
            <option key={i} value={i}>
              {`${i + 1}. ${p.label}`}
            </option>
          ))}
        </TextField>
      )}
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Tooltip title={t('products.preview.previous')}>
            <span>
              <IconButton aria-label={t('products.preview.previous')} onClick={() => go(current - 1)} disabled={current === 0}>
                <ChevronLeftIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Typography variant="body2" aria-live="polite" data-testid="preview-page-number" sx={{ minWidth: 90, textAlign: 'center' }}>
            {t('products.preview.pageOf', { page: current + 1, count: pages.length })}
          </Typography>
          <Tooltip title={t('products.preview.next')}>
            <span>
              <IconButton aria-label={t('products.preview.next')} onClick={() => go(current + 1)} disabled={current === pages.length - 1}>
                <ChevronRightIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Typography variant="subtitle2" sx={{ mr: 'auto', overflowWrap: 'anywhere' }} data-testid="preview-page-label">
            {page.label}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={zoom} onChange={(_e, z: Zoom | null) => z && setZoom(z)} aria-label={t('products.preview.zoom')}>
            <ToggleButton value="fit">{t('products.preview.fit')}</ToggleButton>
            <ToggleButton value="actual">{t('products.preview.actual')}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Box
          ref={viewer}
          role="img"
          tabIndex={0}
          aria-label={pageName(page, current)}
          aria-describedby="preview-keys"
          data-testid="preview-page"
          data-page-kind={page.kind}
          sx={{
            overflow: zoom === 'fit' ? 'hidden' : 'auto',
            bgcolor: 'grey.200',
            borderRadius: 1,
            p: { xs: 1, sm: 2 },
            height: { xs: 'calc(100vh - 330px)', md: 'calc(100vh - 250px)' },
            minHeight: 280,
            display: 'flex',
            justifyContent: zoom === 'fit' ? 'center' : 'flex-start',
            alignItems: zoom === 'fit' ? 'center' : 'flex-start',
            '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
            '& > div': { lineHeight: 0, boxShadow: 3, bgcolor: '#fff', flex: 'none', width: page.width * pxPerPt, height: page.height * pxPerPt },
            '& svg': { width: '100%', height: '100%', display: 'block' },
          }}
        >
          {/* Our own renderer's SVG: every text is escaped by pageToSvg (escapeXml), colours are checked '#RRGGBB'. */}
          <div dangerouslySetInnerHTML={{ __html: svg }} />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" data-testid="preview-size">
            {t('products.preview.size', { layout: t(`products.options.layout.${layoutKey}`), width: Math.round(size.width), height: Math.round(size.height) })}
            {page.scale ? ` · ${t('products.preview.scale', { scale: page.scale })}` : ''}
          </Typography>
          <Typography id="preview-keys" variant="body2" color="text.secondary">
            {t('products.preview.keys')}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
