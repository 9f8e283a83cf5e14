import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useClubId } from '../../../lib/use-club-id';
import { bundleLimits } from '../utils/format';
import { Section } from './section';

const code = { fontFamily: 'monospace', fontSize: '0.95em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5, overflowWrap: 'anywhere' } as const;

/** The bundle layout (the contract's, api/assets.ts), with the caps, as help on the screen. */
export function BundleLayoutHelp() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const limits = bundleLimits(i18n.language);
  const pattern = (text: string) => (
    <Box component="code" sx={code}>
      {text}
    </Box>
  );
  return (
    <Section title={t('assets.layout.title')}>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
        <li>
          <Typography variant="body2">
            {pattern('<category>/<file>')}: {t('assets.layout.platform')}
          </Typography>
        </li>
        <li>
          <Typography variant="body2">
            {pattern('clubs/<club id>/<category>/<element name>/<file>')}: {t('assets.layout.club')}
          </Typography>
        </li>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('assets.layout.rules', limits)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('assets.layout.example')}{' '}
        {pattern(`icons/flag.svg, clubs/${clubId}/textures/Bunker/sand.png`)}
      </Typography>
    </Section>
  );
}
