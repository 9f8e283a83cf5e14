import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import type { Club } from '@golf/contract/api/clubs';
import { countryName } from '../../../lib/current-club';
import { ClubLogo } from './club-logo';

/**
 * The club's page in the golfers' app, drawn as a phone: logo as the app shows it, name, town,
 * the teaser, and the actions the app offers for the club's contact details. Not interactive.
 */
export function AppPreview({ club, teaser }: { club: Club; teaser: string }) {
  const { t, i18n } = useTranslation();
  const place = [club.address.city, countryName(club.address.country_code, i18n.language)].filter(Boolean).join(', ');
  const actions = [
    club.booking_url && { icon: <CalendarMonthOutlinedIcon fontSize="small" />, label: t('clubApp.previewBook') },
    club.homepage && { icon: <LanguageOutlinedIcon fontSize="small" />, label: t('clubApp.previewWebsite') },
    club.phone && { icon: <PhoneOutlinedIcon fontSize="small" />, label: t('clubApp.previewCall') },
  ].filter(Boolean) as { icon: ReactNode; label: string }[];

  return (
    <Box
      role="figure"
      aria-label={t('clubApp.previewLabel')}
      sx={{
        width: '100%',
        maxWidth: 300,
        mx: 'auto',
        borderRadius: '36px',
        border: '10px solid #1c2520',
        bgcolor: '#1c2520',
        boxShadow: 3,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ bgcolor: '#fff', borderRadius: '26px', overflow: 'hidden', minHeight: 520 }}>
        <Box sx={{ height: 96, background: 'linear-gradient(135deg, #1f6f43 0%, #4c9a6c 60%, #8fd19e 100%)' }} />
        <Box sx={{ px: 2.5, pb: 3, mt: -5, display: 'grid', justifyItems: 'center', textAlign: 'center', gap: 1 }}>
          <Box sx={{ p: 0.5, bgcolor: '#fff', borderRadius: club.logo_shape === 'rectangular' ? 2 : '50%' }}>
            <ClubLogo src={club.logo_url} shape={club.logo_shape} name={club.name} size={76} alt={t('logo.alt', { name: club.name })} />
          </Box>
          <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', lineHeight: 1.25 }}>{club.name}</Typography>
          {place && (
            <Typography variant="body2" color="text.secondary">
              {place}
            </Typography>
          )}
          <Typography
            variant="body2"
            data-testid="app-preview-teaser"
            sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: teaser ? 'text.primary' : 'text.secondary', fontStyle: teaser ? undefined : 'italic' }}
          >
            {teaser || t('clubApp.previewNoTeaser')}
          </Typography>
          {actions.length > 0 && (
            <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
              {actions.map((a) => (
                <Box
                  key={a.label}
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 0.75,
                    px: 1.5,
                    py: 0.75,
                    borderRadius: 99,
                    bgcolor: 'primary.main',
                    color: '#fff',
                    fontSize: '0.8125rem',
                    fontWeight: 600,
                  }}
                >
                  {a.icon}
                  {a.label}
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
