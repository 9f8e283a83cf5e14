/**
 * What every page of a guide shares: saving a part of the guide with the version it edited (a
 * waiting flag while the save runs, §4; snackbars; the server's field errors), the unsaved-changes
 * guard, the sticky save bar and the section card.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Guide, GuideSettings, UpdateGuideBody } from '@golf/contract/api/guides';
import { UnsavedChangesGuard as SharedUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
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

/** Asks before leaving a guide page with unsaved changes (the shared guard, in the products' words). */
export function UnsavedChangesGuard({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <SharedUnsavedChangesGuard
      dirty={dirty}
      saving={saving}
      texts={{ title: t('products.leave.title'), text: t('products.leave.text'), stay: t('products.leave.stay'), leave: t('products.leave.leave') }}
    />
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
