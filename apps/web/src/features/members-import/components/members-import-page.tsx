import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useClubId } from '../../../lib/use-club-id';
import { ImportStepper } from './import-stepper';
import { MembersList } from './members-list';

type View = 'members' | 'import';

/** /:clubId/club/import — the club's imported members and the import of a CSV or XLSX file (§2). */
export function MembersImportPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'import' ? 'import' : 'members';
  const show = (next: View) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'members') copy.delete('view');
        else copy.set('view', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Tabs value={view} onChange={(_event, next: View) => show(next)} aria-label={t('membersImport.viewsLabel')} variant="fullWidth" sx={{ maxWidth: 480 }}>
        <Tab value="members" label={t('members.tab')} id="members-tab" aria-controls="members-panel" />
        <Tab value="import" label={t('membersImport.tab')} id="import-tab" aria-controls="import-panel" />
      </Tabs>
      {view === 'members' ? (
        <Box role="tabpanel" id="members-panel" aria-labelledby="members-tab" sx={{ minWidth: 0 }}>
          <MembersList clubId={clubId} onImport={() => show('import')} />
        </Box>
      ) : (
        <Box role="tabpanel" id="import-panel" aria-labelledby="import-tab" sx={{ minWidth: 0 }}>
          <ImportStepper clubId={clubId} onShowMembers={() => show('members')} />
        </Box>
      )}
    </Box>
  );
}
