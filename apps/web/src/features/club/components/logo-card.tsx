import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Club } from '@golf/contract/api/clubs';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useDeleteLogo } from '../api/delete-logo';
import { ClubLogo } from './club-logo';
import { LogoDialog } from './logo-dialog';

/** The club logo with 'Change logo' (the logo dialog) and 'Remove logo' (after confirmation). */
export function LogoCard({ club }: { club: Club }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const remove = useDeleteLogo(club.id);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync();
      snackbar.confirm(t('logo.removed'));
    } catch (error) {
      snackbar.error(t('logo.removeFailed'), errorText(error, t));
    } finally {
      setConfirmOpen(false);
    }
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <ClubLogo
          src={club.logo_url}
          shape={club.logo_shape}
          name={club.name}
          alt={club.logo_url ? t('logo.alt', { name: club.name }) : t('logo.none')}
        />
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography variant="h2">{t('logo.heading')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {club.logo_shape === 'round' ? t('logo.isRound') : club.logo_shape === 'rectangular' ? t('logo.isRectangular') : t('logo.none')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setDialogOpen(true)}>
              {club.logo_url ? t('logo.change') : t('logo.add')}
            </Button>
            {club.logo_url && (
              <Button color="error" onClick={() => setConfirmOpen(true)}>
                {t('logo.remove')}
              </Button>
            )}
          </Box>
        </Box>
      </CardContent>
      <LogoDialog club={club} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={confirmOpen}
        title={t('logo.removeTitle')}
        confirmLabel={t('logo.remove')}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setConfirmOpen(false)}
      >
        {t('logo.removeText')}
      </ConfirmDialog>
    </Card>
  );
}
