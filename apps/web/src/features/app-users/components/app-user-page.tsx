import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { APP_USER_DATA_KINDS, type AppUserDetail } from '@golf/contract/api/app-users';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { screenHref } from '../../../config/screens';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { downloadAppUserData, useAppUser, useEraseAppUser } from '../api/app-users';
import { confirmMatches, erasureSummary } from '../utils/app-users';

/** A titled table that scrolls sideways on a phone (focusable, so the keyboard can scroll it). */
function Section({ id, title, label, children }: { id: string; title: string; label: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h3">
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <TableContainer tabIndex={0} role="region" aria-label={label}>
          <Table size="small" aria-label={label}>
            {children}
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}

/**
 * /:clubId/admin/events/guide-users/:userId — one user of the digital guide's app (issue 26,
 * admins): the clubs that know them, what the console holds about them by kind, their rounds and
 * downloads; export all their data as a JSON file (a GDPR access request), and erase it on request
 * after typing their id.
 */
export function AppUserPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const appId = useParams().userId ?? '';
  const user = useAppUser(appId);

  const back = (
    <Link component={RouterLink} to={screenHref('appUsers', clubId)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}>
      <ArrowBackIcon fontSize="small" aria-hidden />
      {t('appUsers.user.back')}
    </Link>
  );

  let body: ReactNode;
  if (user.isPending) body = <LoadingState rows={4} />;
  else if (user.isError)
    body =
      isApiError(user.error) && (user.error.status === 404 || user.error.status === 400) ? (
        <Alert severity="info">
          <AlertTitle>{t('appUsers.user.notFound', { appId })}</AlertTitle>
          {t('appUsers.user.notFoundHint')}
        </Alert>
      ) : (
        <ErrorState error={user.error} title={t('appUsers.user.loadFailed')} onRetry={() => void user.refetch()} />
      );
  else body = <AppUserView user={user.data} />;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1100 }}>
      {back}
      {body}
    </Box>
  );
}

function AppUserView({ user }: { user: AppUserDetail }) {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const erase = useEraseAppUser(user.app_id);
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [exporting, setExporting] = useState(false);
  const date = (at: string) => new Date(at).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const dateTime = (at: string) => new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const language = (code: string) => new Intl.DisplayNames([i18n.language], { type: 'language' }).of(code) ?? code;

  const exportData = async () => {
    setExporting(true);
    try {
      const file = await downloadAppUserData(user.app_id);
      snackbar.confirm(t('appUsers.user.exportDone', { file }));
    } catch (error) {
      snackbar.error(t('appUsers.user.exportFailed'), errorText(error, t));
    } finally {
      setExporting(false);
    }
  };

  const runErase = async () => {
    try {
      const result = await erase.mutateAsync(typed.trim());
      setAsking(false);
      snackbar.confirm(t('appUsers.erase.done', { appId: user.app_id }), t('appUsers.erase.doneDetail', erasureSummary(result.counts)));
      void navigate(screenHref('appUsers', clubId));
    } catch (error) {
      snackbar.error(t('appUsers.erase.failed'), errorText(error, t));
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mr: 'auto' }}>
          {user.app_id}
        </Typography>
        <Button startIcon={<DownloadIcon />} variant="outlined" onClick={() => void exportData()} disabled={exporting}>
          {t('appUsers.user.exportData')}
        </Button>
        <Button
          startIcon={<DeleteIcon />}
          color="error"
          variant="outlined"
          onClick={() => {
            setTyped('');
            setAsking(true);
          }}
        >
          {t('appUsers.user.erase')}
        </Button>
      </Box>

      <Section id="app-user-clubs" title={t('appUsers.user.clubs')} label={t('appUsers.user.clubsLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('appUsers.user.club')}</TableCell>
            <TableCell>{t('appUsers.user.language')}</TableCell>
            <TableCell>{t('appUsers.user.following')}</TableCell>
            <TableCell>{t('appUsers.user.firstSeen')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {user.clubs.map((c) => (
            <TableRow key={c.club_id}>
              <TableCell>{c.name}</TableCell>
              <TableCell>{language(c.language)}</TableCell>
              <TableCell>
                {c.following ? (c.followed_at ? t('appUsers.user.followingSince', { date: date(c.followed_at) }) : '✓') : t('appUsers.user.notFollowing')}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(c.first_seen)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Section>

      <Box component="section" aria-labelledby="app-user-data" sx={{ display: 'grid', gap: 1 }}>
        <Typography id="app-user-data" variant="h6" component="h3">
          {t('appUsers.user.data')}
        </Typography>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: 'repeat(2, 1fr auto)', md: 'repeat(3, 1fr auto)' }, columnGap: 3, rowGap: 0.5 }}>
            {APP_USER_DATA_KINDS.map((kind) => (
              <Box key={kind} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`appUsers.user.kinds.${kind}`)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {user.counts[kind]}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      </Box>

      <Section id="app-user-rounds" title={t('appUsers.user.rounds')} label={t('appUsers.user.roundsLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('appUsers.user.date')}</TableCell>
            <TableCell>{t('appUsers.user.club')}</TableCell>
            <TableCell>{t('appUsers.user.course')}</TableCell>
            <TableCell align="right">{t('appUsers.user.holes')}</TableCell>
            <TableCell align="right">{t('appUsers.user.strokes')}</TableCell>
            <TableCell align="right">{t('appUsers.user.points')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {user.rounds.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>{t('appUsers.user.noRounds')}</TableCell>
            </TableRow>
          ) : (
            user.rounds.map((r) => (
              <TableRow key={r.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.started_at)}</TableCell>
                <TableCell>{r.club_name}</TableCell>
                <TableCell>{r.course_name}</TableCell>
                <TableCell align="right">{r.holes_played}</TableCell>
                <TableCell align="right">{r.strokes}</TableCell>
                <TableCell align="right">{r.points}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Section>
      {user.counts.rounds > user.rounds.length && (
        <Typography variant="body2" color="text.secondary">
          {t('appUsers.user.newestOnly', { shown: user.rounds.length, total: user.counts.rounds })}
        </Typography>
      )}

      <Section id="app-user-downloads" title={t('appUsers.user.downloads')} label={t('appUsers.user.downloadsLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('appUsers.user.date')}</TableCell>
            <TableCell>{t('appUsers.user.club')}</TableCell>
            <TableCell>{t('appUsers.user.guide')}</TableCell>
            <TableCell>{t('appUsers.user.product')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {user.downloads.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>{t('appUsers.user.noDownloads')}</TableCell>
            </TableRow>
          ) : (
            user.downloads.map((d, index) => (
              <TableRow key={`${d.downloaded_at}-${index}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(d.downloaded_at)}</TableCell>
                <TableCell>{d.club_name}</TableCell>
                <TableCell>{d.guide_title}</TableCell>
                <TableCell>{t(`products.product.${d.product}`, { defaultValue: d.product })}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Section>
      {user.counts.download_links > user.downloads.length && (
        <Typography variant="body2" color="text.secondary">
          {t('appUsers.user.newestOnly', { shown: user.downloads.length, total: user.counts.download_links })}
        </Typography>
      )}

      <ConfirmDialog
        open={asking}
        title={t('appUsers.erase.title', { appId: user.app_id })}
        confirmLabel={t('appUsers.erase.confirm')}
        busy={erase.isPending}
        confirmDisabled={!confirmMatches(typed, user.app_id)}
        onConfirm={() => void runErase()}
        onCancel={() => setAsking(false)}
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('appUsers.erase.body')}
        </Typography>
        <TextField
          label={t('appUsers.erase.typeToConfirm')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && confirmMatches(typed, user.app_id) && !erase.isPending) void runErase();
          }}
          fullWidth
          size="small"
          placeholder={user.app_id}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoComplete: 'off', maxLength: 64 } }}
          sx={{ mt: 1 }}
        />
      </ConfirmDialog>
    </>
  );
}
