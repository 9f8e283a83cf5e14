import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { jobRunning } from '@golf/contract/api/jobs';
import { MISMATCH_SEVERITIES, type Mismatch, type MismatchSeverity } from '@golf/contract/api/mismatches';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { screenHref } from '../../../config/screens';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { MISMATCH_PAGE, mismatchKeys, useComputation, useComputeMismatches, useDismissMismatch, useMismatchGuides, useMismatches } from '../api/mismatches';
import { findingText, fixPlace } from '../utils/mismatch-text';

const SEVERITY_COLOURS: Record<MismatchSeverity, 'error' | 'warning'> = { error: 'error', warning: 'warning' };

/**
 * /:clubId/admin/mismatches[/:guideId] (admins): what does not fit between guides, courses and the
 * catalogue's rules, as the latest computation found it (nightly, or now on request), for one guide
 * or for all; each finding links to the screen that fixes it, or is dismissed as 'not an error'.
 */
export function MismatchesPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { guideId: rawGuideId } = useParams();
  const guideId = rawGuideId === undefined || !/^\d+$/.test(rawGuideId) ? null : Number(rawGuideId);
  const [severity, setSeverity] = useState<MismatchSeverity | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [dismissing, setDismissing] = useState<Mismatch | null>(null);

  const list = useMismatches({ guideId, severity });
  const guides = useMismatchGuides();
  const compute = useComputeMismatches();
  const computation = useComputation(jobId);
  const dismiss = useDismissMismatch();
  const state = computation.data?.state;
  const computing = compute.isPending || (state !== undefined && jobRunning(state));

  // A computation that ends reloads the list (or says why it failed), once.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!jobId || !state || jobRunning(state) || handled.current === jobId) return;
    handled.current = jobId;
    if (state === 'completed') {
      void queryClient.invalidateQueries({ queryKey: mismatchKeys.all });
      snackbar.confirm(t('mismatches.computed'));
    } else {
      snackbar.error(t('mismatches.computeFailed'), computation.data?.error ?? undefined);
    }
  }, [jobId, state, computation.data?.error, queryClient, snackbar, t]);

  const startComputation = () =>
    compute.mutate(undefined, {
      onSuccess: (answer) => setJobId(answer.computation.job_id),
      onError: (error) => snackbar.error(t('mismatches.computeFailed'), errorText(error, t)),
    });

  const confirmDismiss = () => {
    if (!dismissing) return;
    dismiss.mutate(dismissing.id, {
      onSuccess: () => {
        setDismissing(null);
        snackbar.confirm(t('mismatches.dismissed'));
      },
      onError: (error) => {
        setDismissing(null);
        snackbar.error(t('mismatches.dismissFailed'), errorText(error, t));
      },
    });
  };

  const guideOptions = guides.data ?? [];
  const pickedGuide = guideOptions.find((g) => g.id === guideId);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const data = list.data;
  const items = useMemo(() => data?.items ?? [], [data]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {t('mismatches.intro')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ mr: 'auto', minWidth: 0 }}>
          <Typography variant="subtitle2" component="p">
            {data?.run ? t('mismatches.lastComputed', { when: when(data.run.finished_at) }) : data ? t('mismatches.neverComputed') : '\u00a0'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('mismatches.nightly')}
          </Typography>
        </Box>
        <Button variant="contained" onClick={startComputation} disabled={computing}>
          {computing ? t('mismatches.computing') : t('mismatches.computeNow')}
        </Button>
        {computing && (
          <Box sx={{ flexBasis: '100%' }}>
            <LinearProgress
              variant={computation.data && computation.data.percent > 0 ? 'determinate' : 'indeterminate'}
              value={computation.data?.percent ?? 0}
              aria-label={t('mismatches.computing')}
            />
            <Typography variant="caption" color="text.secondary" aria-live="polite">
              {t('mismatches.progress', { percent: computation.data?.percent ?? 0 })}
            </Typography>
          </Box>
        )}
      </Paper>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('mismatches.guide')}
          value={guideId === null ? '' : String(guideId)}
          onChange={(event) => navigate(event.target.value === '' ? screenHref('mismatches', clubId) : screenHref('guideMismatches', clubId, { guideId: event.target.value }))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 360 } }}
          disabled={guides.isPending}
        >
          <MenuItem value="">{t('mismatches.allGuides')}</MenuItem>
          {guideId !== null && !pickedGuide && <MenuItem value={String(guideId)}>{t('mismatches.guideNumber', { id: guideId })}</MenuItem>}
          {guideOptions.map((g) => (
            <MenuItem key={g.id} value={String(g.id)}>
              {t('mismatches.guideOption', { club: g.club_name, title: g.title })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('mismatches.severity')}
          value={severity ?? ''}
          onChange={(event) => setSeverity(event.target.value === '' ? null : (event.target.value as MismatchSeverity))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          <MenuItem value="">{t('mismatches.allSeverities')}</MenuItem>
          {MISMATCH_SEVERITIES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`mismatches.severities.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {data && (
          <Typography variant="body2" aria-live="polite">
            {`${t('mismatches.errorCount', { count: data.errors })}, ${t('mismatches.warningCount', { count: data.warnings })}`}
          </Typography>
        )}
      </Box>

      <ListStates
        query={list}
        errorTitle={t('mismatches.loadFailed')}
        empty={
          items.length === 0 ? (
            <EmptyState title={data?.run ? t('mismatches.emptyTitle') : t('mismatches.neverComputed')}>{data?.run ? t('mismatches.emptyText') : t('mismatches.computeHint')}</EmptyState>
          ) : null
        }
      >
        {() => (
          <Paper variant="outlined">
            {data && data.total > items.length && (
              <Typography variant="body2" sx={{ px: 2, pt: 1.5 }}>
                {t('mismatches.truncated', { shown: Math.min(items.length, MISMATCH_PAGE), total: data.total })}
              </Typography>
            )}
            <List aria-label={t('mismatches.listLabel')} disablePadding>
              {items.map((m, index) => (
                <FindingRow key={m.id} finding={m} divider={index < items.length - 1} onDismiss={() => setDismissing(m)} />
              ))}
            </List>
          </Paper>
        )}
      </ListStates>

      <ConfirmDialog
        open={dismissing !== null}
        title={t('mismatches.dismissTitle')}
        confirmLabel={t('mismatches.dismiss')}
        busy={dismiss.isPending}
        onConfirm={confirmDismiss}
        onCancel={() => setDismissing(null)}
      >
        {dismissing && (
          <>
            <Typography component="p" sx={{ mb: 1 }}>
              {t(findingText(dismissing).key, findingText(dismissing).params)}
            </Typography>
            <Typography component="p">{t('mismatches.dismissText')}</Typography>
          </>
        )}
      </ConfirmDialog>
    </Box>
  );
}

function FindingRow({ finding, divider, onDismiss }: { finding: Mismatch; divider: boolean; onDismiss: () => void }) {
  const { t } = useTranslation();
  const text = findingText(finding);
  const place = fixPlace(finding);
  const where = [
    finding.club_name,
    finding.guide_title,
    finding.course_name,
    finding.hole_number !== null ? t('mismatches.hole', { number: finding.hole_number }) : null,
  ].filter((part): part is string => !!part);
  return (
    <ListItem divider={divider} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', py: 1.5 }}>
      <Chip size="small" variant="outlined" color={SEVERITY_COLOURS[finding.severity]} label={t(`mismatches.severities.${finding.severity}`)} sx={{ fontWeight: 600 }} />
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
          {t(text.key, text.params)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {where.join(' · ')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {place && (
          <Button size="small" variant="outlined" component={RouterLink} to={place.href}>
            {t(place.labelKey)}
          </Button>
        )}
        <Button size="small" onClick={onDismiss} aria-label={t('mismatches.dismissLabel', { what: t(text.key, text.params) })}>
          {t('mismatches.notAnError')}
        </Button>
      </Box>
    </ListItem>
  );
}
