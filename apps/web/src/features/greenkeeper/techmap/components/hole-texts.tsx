import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Hole } from '@golf/contract/api/courses';
import { GREENKEEPER_LIMITS, type HoleText, type TrackingGroup } from '@golf/contract/api/greenkeeper';
import { ErrorState } from '../../../../components/ui/error-state';
import { LoadingState } from '../../../../components/ui/loading-state';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { useHoleTexts, useSaveHoleText } from '../api/tech-map';

/** §3 Hole texts: per hole of the course, every group's text; the active group's is edited here (an empty text removes it). */
export function HoleTexts({ clubId, group, groups, holes, holeLabel }: { clubId: number; group: TrackingGroup; groups: readonly TrackingGroup[]; holes: readonly Hole[]; holeLabel: (hole: Hole) => string }) {
  const { t } = useTranslation();
  const texts = useHoleTexts(
    clubId,
    holes.map((h) => h.id),
  );
  if (texts.error) return <ErrorState error={texts.error} title={t('greenkeeper.techmap.holeTexts.loadFailed')} onRetry={texts.retry} />;
  if (texts.pending) return <LoadingState rows={4} />;
  if (holes.length === 0) return <Typography color="text.secondary">{t('greenkeeper.techmap.holeTexts.noHoles')}</Typography>;
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return (
    <Box component="ul" aria-label={t('greenkeeper.techmap.holeTexts.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      {holes.map((hole) => (
        <HoleTextRow key={hole.id} clubId={clubId} group={group} hole={hole} label={holeLabel(hole)} texts={texts.byHole.get(hole.id) ?? []} groupName={groupName} />
      ))}
    </Box>
  );
}

function HoleTextRow({ clubId, group, hole, label, texts, groupName }: { clubId: number; group: TrackingGroup; hole: Hole; label: string; texts: readonly HoleText[]; groupName: Map<number, string> }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const save = useSaveHoleText(clubId);
  const stored = texts.find((x) => x.trackingGroupId === group.id)?.groupText ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? stored;
  const others = texts.filter((x) => x.trackingGroupId !== group.id && x.groupText);
  const tooLong = value.trim().length > GREENKEEPER_LIMITS.holeTextMax;
  const changed = value.trim() !== stored;

  const submit = async () => {
    try {
      await save.mutateAsync({ holeId: hole.id, groupId: group.id, groupText: value.trim() });
      setDraft(null);
      snackbar.confirm(value.trim() ? t('greenkeeper.techmap.holeTexts.saved', { hole: label }) : t('greenkeeper.techmap.holeTexts.removed', { hole: label }));
    } catch (error) {
      snackbar.error(t('greenkeeper.techmap.holeTexts.saveFailed', { hole: label }), errorText(error, t));
    }
  };

  return (
    <Paper component="li" variant="outlined" data-testid="hole-text" sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      {others.length > 0 && (
        <Box component="ul" aria-label={t('greenkeeper.techmap.holeTexts.otherGroups', { hole: label })} sx={{ m: 0, pl: 2 }}>
          {others.map((o) => (
            <Typography component="li" variant="body2" key={o.trackingGroupId} sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {groupName.get(o.trackingGroupId) ?? '–'}:
              </Box>{' '}
              {o.groupText}
            </Typography>
          ))}
        </Box>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (changed && !tooLong) void submit();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          label={t('greenkeeper.techmap.holeTexts.textFor', { name: group.name })}
          value={value}
          onChange={(e) => setDraft(e.target.value)}
          multiline
          minRows={1}
          size="small"
          disabled={save.isPending}
          error={tooLong}
          helperText={tooLong ? t('greenkeeper.techmap.errors.textTooLong') : undefined}
          slotProps={{ htmlInput: { 'aria-label': t('greenkeeper.techmap.holeTexts.textForHole', { name: group.name, hole: label }) } }}
          sx={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="outlined" size="small" disabled={!changed || tooLong || save.isPending} sx={{ mt: 0.5 }}>
          {t('common.save')}
        </Button>
      </Box>
    </Paper>
  );
}
