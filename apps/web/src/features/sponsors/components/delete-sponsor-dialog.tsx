import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { Sponsor } from '@golf/contract/api/sponsors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useSponsorUsage } from '../api/sponsors';
import { usageSentences } from '../utils/sponsors';

/**
 * Delete after confirmation: the dialog first asks the server what the sponsor is used in and
 * says it (setups with their places, guides showing it); Delete is offered once that is known.
 * If the question fails the dialog says so and still lets the sponsor be deleted.
 */
export function DeleteSponsorDialog({
  clubId,
  sponsor,
  open,
  busy,
  onConfirm,
  onCancel,
}: {
  clubId: number;
  /** The last sponsor asked about: kept while the dialog closes. */
  sponsor: Sponsor | null;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const usage = useSponsorUsage(clubId, open && sponsor ? sponsor.id : null);

  let said;
  if (usage.isPending) {
    said = (
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
        <CircularProgress size={18} aria-hidden />
        {t('sponsors.deleteDialog.checking')}
      </Box>
    );
  } else if (usage.isError) {
    said = (
      <Box component="p" sx={{ m: 0, mb: 1 }}>
        {t('sponsors.deleteDialog.usageFailed', { reason: errorText(usage.error, t) })}
      </Box>
    );
  } else {
    said = (
      <Box data-testid="sponsor-usage">
        {usageSentences(usage.data, t, i18n.language).map((sentence) => (
          <Box component="p" key={sentence} sx={{ m: 0, mb: 1 }}>
            {sentence}
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <ConfirmDialog
      open={open}
      title={t('sponsors.deleteDialog.title', { name: sponsor?.name ?? '' })}
      confirmLabel={t('sponsors.deleteDialog.confirm')}
      busy={busy}
      confirmDisabled={open && usage.isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {said}
      <strong>{t('sponsors.deleteDialog.cannotBeUndone')}</strong>
    </ConfirmDialog>
  );
}
