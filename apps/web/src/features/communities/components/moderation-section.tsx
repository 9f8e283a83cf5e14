import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { COMMUNITY_LIMITS, CommunitySettings, type ModerationLogEntry } from '@golf/contract/api/communities';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useCommunitySettings, useModerationLog, useSaveCommunitySettings } from '../api/members';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A log entry's detail in the reader's language where its form is known: the number of reports
 * that hid or were resolved with an item, the end of a mute, the number of members mailed, the
 * author of what was removed; any other detail as the server wrote it.
 */
function detailText(entry: ModerationLogEntry, t: TFunction, format: Intl.DateTimeFormat): string {
  const detail = entry.detail?.trim();
  if (!detail) return '';
  const reports = /^(\d+) reports?$/.exec(detail);
  if (reports) return t('communities.moderation.detail.reports', { count: Number(reports[1]) });
  if (entry.action === 'member_muted' && ISO_TIME.test(detail) && !Number.isNaN(Date.parse(detail)))
    return t('communities.moderation.detail.until', { date: format.format(new Date(detail)) });
  if (entry.action === 'members_invited' && /^\d+$/.test(detail)) return t('communities.moderation.detail.invited', { count: Number(detail) });
  // A removed post's or comment's detail is whose it was.
  if (entry.action === 'post_removed' || entry.action === 'comment_removed') return t('communities.moderation.detail.author', { name: detail });
  return detail;
}

/**
 * The community's moderation tab (issue 24): its moderation log, newest first, a page at a time
 * (who did what, when, to what: a post's opening words, a member's name), and — for the club's
 * community managers (`administer`) — the club's report threshold.
 */
export function ModerationSection({ clubId, communityId, administer }: { clubId: number; communityId: number; administer: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <ReportThreshold clubId={clubId} administer={administer} />
      <ModerationLog clubId={clubId} communityId={communityId} />
      <Typography variant="body2" color="text.secondary">
        {t('communities.moderation.explained')}
      </Typography>
    </Box>
  );
}

function ModerationLog({ clubId, communityId }: { clubId: number; communityId: number }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const log = useModerationLog(clubId, communityId);
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const who = (e: ModerationLogEntry) => (e.actor.kind === 'reports' ? t('communities.moderation.byReports') : e.actor.name);

  return (
    <Box component="section" aria-labelledby="moderation-log-heading" sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6" component="h3" id="moderation-log-heading">
        {t('communities.moderation.logHeading')}
      </Typography>
      <ListStates
        query={log}
        errorTitle={t('communities.moderation.loadFailed')}
        empty={entries.length === 0 ? <EmptyState title={t('communities.moderation.empty')} /> : null}
      >
        {() => (
          <Paper variant="outlined" sx={{ minWidth: 0 }}>
            {narrow ? (
              <List aria-label={t('communities.moderation.logHeading')} disablePadding>
                {entries.map((e, index) => (
                  <ListItem key={e.id} divider={index < entries.length - 1} data-testid="moderation-entry" sx={{ display: 'block' }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(`communities.moderation.actions.${e.action}`)}</Typography>
                    {e.target && <Typography sx={{ overflowWrap: 'anywhere' }}>{e.target}</Typography>}
                    <Typography variant="body2" color="text.secondary">
                      {[format.format(new Date(e.at)), who(e), detailText(e, t, format)].filter(Boolean).join(' · ')}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            ) : (
              <TableContainer>
                <Table size="small" aria-label={t('communities.moderation.logHeading')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('communities.moderation.columns.at')}</TableCell>
                      <TableCell>{t('communities.moderation.columns.actor')}</TableCell>
                      <TableCell>{t('communities.moderation.columns.action')}</TableCell>
                      <TableCell>{t('communities.moderation.columns.target')}</TableCell>
                      <TableCell>{t('communities.moderation.columns.detail')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {entries.map((e) => (
                      <TableRow key={e.id} data-testid="moderation-entry">
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.format(new Date(e.at))}</TableCell>
                        <TableCell>{e.actor.kind === 'reports' ? <Chip size="small" variant="outlined" label={who(e)} /> : who(e)}</TableCell>
                        <TableCell sx={{ fontWeight: 600 }}>{t(`communities.moderation.actions.${e.action}`)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 360 }}>{e.target}</TableCell>
                        <TableCell>{detailText(e, t, format)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Paper>
        )}
      </ListStates>
      {log.isFetchNextPageError && <Alert severity="error">{errorText(log.error, t)}</Alert>}
      {log.hasNextPage && (
        <Box>
          <Button variant="outlined" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? t('common.loading') : t('communities.moderation.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The club's report threshold: set by its community managers, shown to the community's managers. */
function ReportThreshold({ clubId, administer }: { clubId: number; administer: boolean }) {
  const { t } = useTranslation();
  const settings = useCommunitySettings(clubId);
  if (!administer) {
    // A community's manager reads the club's threshold; the club's community managers set it.
    if (!settings.data) return null;
    return <Typography color="text.secondary">{t('communities.moderation.threshold.current', { count: settings.data.report_threshold })}</Typography>;
  }
  return (
    <Box component="section" aria-labelledby="report-threshold-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h3" id="report-threshold-heading">
        {t('communities.moderation.threshold.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('communities.moderation.threshold.scope')}
      </Typography>
      {settings.isPending ? (
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 360 }} />
      ) : settings.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('communities.moderation.threshold.loadFailed')}
        </Alert>
      ) : (
        <ThresholdForm key={settings.data.report_threshold} clubId={clubId} saved={settings.data.report_threshold} />
      )}
    </Box>
  );
}

function ThresholdForm({ clubId, saved }: { clubId: number; saved: number }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const save = useSaveCommunitySettings(clubId);
  const [value, setValue] = useState(String(saved));
  const parsed = CommunitySettings.safeParse({ report_threshold: value.trim() === '' ? Number.NaN : Number(value) });
  const invalid = !parsed.success;
  const changed = parsed.success && parsed.data.report_threshold !== saved;

  const submit = async () => {
    if (!parsed.success) return;
    try {
      const result = await save.mutateAsync(parsed.data);
      snackbar.confirm(t('communities.moderation.threshold.saved', { count: result.report_threshold }));
    } catch (error) {
      snackbar.error(t('communities.moderation.threshold.saveFailed'), errorText(error, t));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        type="number"
        label={t('communities.moderation.threshold.label')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={invalid}
        helperText={
          invalid
            ? t('communities.moderation.threshold.invalid', { min: COMMUNITY_LIMITS.reportThresholdMin, max: COMMUNITY_LIMITS.reportThresholdMax })
            : t('communities.moderation.threshold.hint')
        }
        slotProps={{ htmlInput: { min: COMMUNITY_LIMITS.reportThresholdMin, max: COMMUNITY_LIMITS.reportThresholdMax, step: 1, inputMode: 'numeric' } }}
        sx={{ flex: '0 1 360px' }}
      />
      <Button type="submit" variant="contained" disabled={invalid || !changed || save.isPending} sx={{ mt: 1 }}>
        {save.isPending ? t('common.saving') : t('common.save')}
      </Button>
    </Box>
  );
}
