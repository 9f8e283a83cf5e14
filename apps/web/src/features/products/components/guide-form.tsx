/**
 * What every page of a guide shares: saving a part of the guide with the version it edited (the
 * §4 waiting flag, snackbars, the server's field errors), the unsaved-changes guard, the sticky
 * save bar and the section card.
 */
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Guide, GuideSettings, UpdateGuideBody } from '@golf/contract/api/guides';
import { isApiError, type ErrorDetail } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useUpdateGuide } from '../api/guides';

/**
 * Saves a part of the guide (PUT with the version the page shows). Answers the server's field
 * problems on a 400 (for the form to show at its fields), null when saved or failed otherwise.
 */
export function useGuideSave(clubId: number, guide: Guide) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const update = useUpdateGuide(clubId, guide.guide_id);
  const save = async (part: Omit<UpdateGuideBody, 'version'>): Promise<ErrorDetail[] | null> => {
    try {
      await update.mutateAsync({ ...part, version: guide.version });
      snackbar.confirm(t('products.saved'));
      return null;
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        snackbar.error(t('products.changedMeanwhile'), errorText(error, t));
        return null;
      }
      snackbar.error(t('products.saveFailed'), errorText(error, t));
      return isApiError(error) ? error.details : null;
    }
  };
  /** Saves one part of the settings, the rest as the guide has them. */
  const saveSettings = (change: Partial<GuideSettings>) => save({ settings: { ...guide.settings, ...change } });
  return { save, saveSettings, saving: update.isPending };
}

/** Asks before leaving a page with unsaved changes: another page of the app, or closing the tab. */
export function UnsavedChangesGuard({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !saving && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="guide-leave-title">
      <DialogTitle id="guide-leave-title">{t('products.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('products.leave.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('products.leave.stay')}
        </Button>
        <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
          {t('products.leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The bar at the bottom of a page's form: what is unsaved or wrong, discard and save. */
export function GuideSaveBar({ dirty, saving, problems, onDiscard }: { dirty: boolean; saving: boolean; problems: boolean; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={3}
      sx={{ position: 'sticky', bottom: { xs: 8, sm: 16 }, zIndex: 2, p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}
    >
      <Typography variant="body2" color={problems ? 'error' : 'text.secondary'} sx={{ mr: 'auto' }} aria-live="polite">
        {problems ? t('products.fixErrors') : dirty ? t('products.unsaved') : ''}
      </Typography>
      <Button onClick={onDiscard} disabled={!dirty || saving}>
        {t('common.discard')}
      </Button>
      <Button type="submit" variant="contained" disabled={!dirty || saving}>
        {saving ? t('common.saving') : t('common.save')}
      </Button>
    </Paper>
  );
}

/** A titled card of a guide page. */
export function SectionCard({ id, title, hint, children }: { id: string; title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box>
          <Typography variant="h2" id={id}>
            {title}
          </Typography>
          {hint && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {hint}
            </Typography>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
