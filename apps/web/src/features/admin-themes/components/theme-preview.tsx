/**
 * The live preview of a theme (issue 26): the sample hole drawn by the guides' print renderer
 * (print/hole-page.ts, print/svg.ts) in the theme with the values being edited, drawn again a
 * moment after the last change. Loaded lazily with the renderer and the guide font.
 */
import '@fontsource/noto-sans/400.css';
import '@fontsource/noto-sans/700.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LANGUAGES, type Language } from '@golf/contract/constants';
import { pageToSvg } from '@golf/contract/print/svg';
import type { CatalogueData } from '@golf/contract/print/theme';
import { ErrorState } from '../../../components/ui/error-state';
import { withDraft, type Draft } from '../utils/inheritance';
import { samplePage } from '../utils/sample-hole';

/** How long the preview waits after a change before it draws the page again. */
export const PREVIEW_DELAY_MS = 250;

function useDebounced<T>(value: T, delay: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return current;
}

export default function ThemePreview({ catalogue, themeName, draft }: { catalogue: CatalogueData; themeName: string; draft: Draft }) {
  const { t, i18n } = useTranslation();
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
  const shown = useDebounced(draft, PREVIEW_DELAY_MS);
  const drawn = useMemo<{ svg: string } | { error: unknown }>(() => {
    try {
      const tees: [string, string] = [t('adminThemes.preview.tees.back'), t('adminThemes.preview.tees.front')];
      return { svg: pageToSvg(samplePage(withDraft(catalogue, themeName, shown), themeName, language, tees)) };
    } catch (error) {
      return { error };
    }
  }, [catalogue, themeName, shown, language, t]);
  if ('error' in drawn) return <ErrorState error={drawn.error} title={t('adminThemes.preview.failed')} />;
  return (
    <Box>
      <Box
        role="img"
        aria-label={t('adminThemes.preview.label', { name: themeName })}
        data-testid="theme-preview"
        data-pending={shown !== draft ? 'true' : 'false'}
        sx={{
          bgcolor: 'grey.200',
          borderRadius: 1,
          p: 1,
          display: 'flex',
          justifyContent: 'center',
          '& > div': { lineHeight: 0, boxShadow: 2, bgcolor: '#fff', width: '100%', maxWidth: 340, aspectRatio: '306 / 504' },
          '& svg': { width: '100%', height: '100%', display: 'block' },
        }}
      >
        {/* Our own renderer's SVG: every text is escaped by pageToSvg (escapeXml), colours are checked '#RRGGBB'. */}
        <div dangerouslySetInnerHTML={{ __html: drawn.svg }} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('adminThemes.preview.note')}
      </Typography>
    </Box>
  );
}
