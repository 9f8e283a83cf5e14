import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { LOGIN_CARD_WIDTH, PRODUCT_VERSION } from '@golf/contract/constants';
import { Logo } from '../../../components/ui/logo';

/** The public pages' frame: a centred card of width 512 (§9). */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: 'linear-gradient(160deg, #e8f2eb 0%, #f4f6f4 45%, #eef3ef 100%)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <Logo size={48} />
        <Typography component="div" sx={{ fontSize: '1.6rem', fontWeight: 700, color: 'primary.dark' }}>
          {t('app.name')}
        </Typography>
      </Box>
      <Card sx={{ width: '100%', maxWidth: LOGIN_CARD_WIDTH, boxShadow: '0 8px 32px rgba(20, 60, 35, 0.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: subtitle ? 1 : 3 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 3 }}>
        {t('shell.version', { version: PRODUCT_VERSION })}
      </Typography>
    </Box>
  );
}
