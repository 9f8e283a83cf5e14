import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { Club, UpdateClubBody } from '@golf/contract/api/clubs';
import { MANAGEMENT_LIMITS, type AdminCandidate } from '@golf/contract/api/management';
import { canEditClubFields } from '@golf/contract/permissions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { useClub } from '../../../lib/current-club';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useAdminCandidates, useDrawingStyles, useFormerHandles, useHandleCheck, useUpdateClubManagement } from '../api/management';
import { handleUrl, isHandleFormat, normaliseHandle } from '../utils/status';

/** How long typing pauses before the handle is checked with the server. */
const CHECK_DELAY_MS = 350;

interface Values {
  handle: string;
  drawing_style_id: number;
  active: boolean;
  admin_id: number;
}

const valuesOf = (club: Club): Values => ({ handle: club.handle, drawing_style_id: club.drawing_style_id, active: club.active, admin_id: club.admin_id });

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const personName = (c: AdminCandidate) => `${c.first_name} ${c.last_name}`.trim() || c.email;

/**
 * /:clubId/admin/club-info — the club's setup for its managers (issue 27, §2 Management): the
 * handle used in the console's URLs (checked as it is typed; a change asks first, and the former
 * handles keep leading here), the default theme, and for admins the active flag and the club's
 * admin (region owners see these two without changing them: the server refuses them).
 */
export function ManagementClubInfoPage() {
  const clubId = useClubId();
  const club = useClub(clubId);
  if (club.isPending) return <LoadingState rows={6} />;
  if (club.isError) return <ErrorState error={club.error} onRetry={() => void club.refetch()} />;
  return <ClubInfoForm key={`${club.data.id}-${club.data.updated_at}`} club={club.data} />;
}

function ClubInfoForm({ club }: { club: Club }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const profile = useSession().profile;
  const mayEditManagement = canEditClubFields(profile, club.id, 'management');
  const mayEditAdmin = canEditClubFields(profile, club.id, 'admin');
  const update = useUpdateClubManagement(club.id);
  const styles = useDrawingStyles();
  const former = useFormerHandles(club.id);
  const candidates = useAdminCandidates(club.id);

  const [values, setValues] = useState<Values>(() => valuesOf(club));
  const [handleError, setHandleError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const handle = normaliseHandle(values.handle);
  const handleChanged = handle !== club.handle;
  const formatOk = isHandleFormat(handle);
  const checkedHandle = useDebounced(handle, CHECK_DELAY_MS);
  const check = useHandleCheck(club.id, checkedHandle, handleChanged && formatOk && checkedHandle === handle);
  const checking = handleChanged && formatOk && (checkedHandle !== handle || check.isFetching || check.data?.handle !== handle);

  const initial = valuesOf(club);
  const changed: UpdateClubBody = {
    ...(handleChanged && mayEditManagement ? { handle } : {}),
    ...(values.drawing_style_id !== initial.drawing_style_id && mayEditManagement ? { drawing_style_id: values.drawing_style_id } : {}),
    ...(values.active !== initial.active && mayEditAdmin ? { active: values.active } : {}),
    ...(values.admin_id !== initial.admin_id && mayEditAdmin ? { admin_id: values.admin_id } : {}),
  };
  const dirty = Object.keys(changed).length > 0;

  // What the handle field says: its format first, then the server's answer, then a refusal of the save.
  let handleHelp: { text: string; error: boolean; ok?: boolean } = { text: t('management.clubInfo.handleHint'), error: false };
  if (handleChanged) {
    if (!formatOk) handleHelp = { text: t('management.clubInfo.handleInvalid'), error: true };
    else if (checking) handleHelp = { text: t('management.clubInfo.handleChecking'), error: false };
    else if (check.isError) handleHelp = { text: t('management.clubInfo.handleCheckFailed', { reason: errorText(check.error, t) }), error: false };
    else if (check.data && !check.data.available)
      handleHelp = { text: t(`management.clubInfo.handleReason.${check.data.reason ?? 'taken'}`), error: true };
    else if (check.data?.available) handleHelp = { text: t('management.clubInfo.handleAvailable'), error: false, ok: true };
  }
  if (handleError) handleHelp = { text: handleError, error: true };
  const handleBlocked = handleChanged && (!formatOk || checking || (check.data !== undefined && !check.data.available));

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const save = async () => {
    setConfirming(false);
    try {
      await update.mutateAsync(changed);
      snackbar.confirm(t('management.clubInfo.saved'));
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      const onHandle = code === 'clubs.handleTaken' || code === 'clubs.handleFormer' || (isApiError(error) && error.details.some((d) => d.path === 'handle'));
      if (onHandle) setHandleError(errorText(error, t));
      snackbar.error(t('management.clubInfo.saveFailed'), errorText(error, t));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || handleBlocked || update.isPending) return;
    if (changed.handle !== undefined) setConfirming(true);
    else void save();
  };

  const url = handleUrl(window.location.origin, formatOk ? handle : club.handle);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      snackbar.confirm(t('management.clubInfo.copied'));
    } catch {
      snackbar.error(t('management.clubInfo.copyFailed'));
    }
  };

  const styleOptions = styles.data ?? [];
  const styleKnown = styleOptions.some((s) => s.id === values.drawing_style_id);
  const admin = (candidates.data ?? []).find((c) => c.id === values.admin_id) ?? null;
  const adminText = values.admin_id === 0 ? t('management.clubInfo.noAdmin') : admin ? `${personName(admin)} (${admin.email})` : t('management.clubInfo.adminUser', { id: values.admin_id });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('management.clubInfo.formLabel', { name: club.name })} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, maxWidth: 880, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {t('management.clubInfo.intro', { name: club.name })}
      </Typography>

      <Card component="section" aria-labelledby="club-info-handle">
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
          <Typography variant="h2" id="club-info-handle">
            {t('management.clubInfo.handleTitle')}
          </Typography>
          <TextField
            label={t('management.clubInfo.handle')}
            value={values.handle}
            onChange={(e) => {
              setHandleError(null);
              set('handle', e.target.value);
            }}
            disabled={!mayEditManagement}
            error={handleHelp.error}
            helperText={handleHelp.text}
            autoComplete="off"
            slotProps={{
              htmlInput: { maxLength: 63, spellCheck: false, autoCapitalize: 'none', 'data-testid': 'handle-input' },
              formHelperText: { 'aria-live': 'polite' } as object,
              input: {
                endAdornment: handleChanged ? (
                  <InputAdornment position="end">
                    {checking ? (
                      <CircularProgress size={18} aria-hidden />
                    ) : handleHelp.ok ? (
                      <CheckCircleIcon color="success" aria-hidden />
                    ) : handleHelp.error ? (
                      <ErrorOutlineIcon color="error" aria-hidden />
                    ) : null}
                  </InputAdornment>
                ) : undefined,
              },
            }}
            sx={{ maxWidth: { sm: 420 } }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t('management.clubInfo.urlLabel')}
            </Typography>
            <Typography variant="body2" component="code" data-testid="handle-url" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
              {url}
            </Typography>
            <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()} aria-label={t('management.clubInfo.copyUrl')}>
              {t('management.clubInfo.copy')}
            </Button>
          </Box>
          <FormerHandles query={former} />
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="club-info-theme">
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
          <Typography variant="h2" id="club-info-theme">
            {t('management.clubInfo.themeTitle')}
          </Typography>
          {styles.isError ? (
            <ErrorState error={styles.error} title={t('management.clubInfo.themesFailed')} onRetry={() => void styles.refetch()} />
          ) : (
            <TextField
              select
              label={t('management.clubInfo.theme')}
              helperText={t('management.clubInfo.themeHint')}
              value={styles.isPending ? '' : values.drawing_style_id}
              onChange={(e) => set('drawing_style_id', Number(e.target.value))}
              disabled={!mayEditManagement || styles.isPending}
              sx={{ maxWidth: { sm: 420 } }}
            >
              {styleOptions.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
              {!styles.isPending && !styleKnown && (
                <MenuItem value={values.drawing_style_id}>{t('management.clubInfo.themeUnknown', { id: values.drawing_style_id })}</MenuItem>
              )}
            </TextField>
          )}
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="club-info-admin">
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
          <Typography variant="h2" id="club-info-admin">
            {t('management.clubInfo.adminTitle')}
          </Typography>
          {mayEditAdmin ? (
            <>
              <FormControlLabel
                control={<Switch checked={values.active} onChange={(e) => set('active', e.target.checked)} />}
                label={values.active ? t('management.clubInfo.activeOn') : t('management.clubInfo.activeOff')}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
                {t('management.clubInfo.activeHint')}
              </Typography>
              {candidates.isError ? (
                <ErrorState error={candidates.error} title={t('management.clubInfo.candidatesFailed')} onRetry={() => void candidates.refetch()} />
              ) : (
                <Autocomplete
                  options={candidates.data ?? []}
                  loading={candidates.isPending}
                  value={admin}
                  onChange={(_, picked) => set('admin_id', picked ? picked.id : 0)}
                  getOptionLabel={(c) => `${personName(c)} (${c.email})`}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('management.clubInfo.admin')}
                      helperText={values.admin_id !== 0 && !admin && !candidates.isPending ? adminText : t('management.clubInfo.adminHint')}
                    />
                  )}
                  sx={{ maxWidth: { sm: 420 } }}
                />
              )}
            </>
          ) : (
            <>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t('management.clubInfo.state')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }} data-testid="club-active">
                  {club.active ? t('management.clubInfo.activeOn') : t('management.clubInfo.activeOff')}
                </Typography>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t('management.clubInfo.admin')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }} data-testid="club-admin">
                  {adminText}
                </Typography>
              </Box>
              <Alert severity="info">{t('management.clubInfo.adminOnly')}</Alert>
            </>
          )}
        </CardContent>
      </Card>

      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button
          onClick={() => {
            setValues(initial);
            setHandleError(null);
          }}
          disabled={!dirty || update.isPending}
        >
          {t('common.discard')}
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || handleBlocked || update.isPending}>
          {update.isPending ? t('common.saving') : t('common.save')}
        </Button>
      </Box>

      <ConfirmDialog
        open={confirming}
        title={t('management.clubInfo.confirmTitle', { handle })}
        confirmLabel={t('management.clubInfo.confirm')}
        busy={update.isPending}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        {t('management.clubInfo.confirmText', { old: club.handle, handle, max: MANAGEMENT_LIMITS.formerHandles })}
      </ConfirmDialog>
      <UnsavedChangesGuard
        dirty={dirty}
        saving={update.isPending}
        texts={{
          title: t('management.clubInfo.unsavedTitle'),
          text: t('management.clubInfo.unsavedText'),
          stay: t('management.clubInfo.stay'),
          leave: t('management.clubInfo.leave'),
        }}
      />
    </Box>
  );
}

function FormerHandles({ query }: { query: ReturnType<typeof useFormerHandles> }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  if (query.isPending) return <LoadingState rows={1} />;
  if (query.isError) return <ErrorState error={query.error} title={t('management.clubInfo.formerFailed')} onRetry={() => void query.refetch()} />;
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
      <Typography variant="h3" id={headingId} sx={{ fontSize: '1rem' }}>
        {t('management.clubInfo.formerTitle')}
      </Typography>
      {query.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('management.clubInfo.formerNone')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('management.clubInfo.formerHint')}
          </Typography>
          <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {query.data.map((f) => (
              <li key={f.handle} data-testid="former-handle">
                <Chip variant="outlined" sx={{ maxWidth: '100%' }} label={t('management.clubInfo.formerItem', { handle: f.handle, date: dates.format(new Date(f.changed_at)) })} />
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
