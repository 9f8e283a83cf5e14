import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import type { Connection } from '@golf/contract/api/communication';
import { FormTextField } from '../../../components/form/form-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useConnect, useDisconnect } from '../api/social';
import { formatInstant } from '../utils/status';
import { connectBody, connectFormSchema, connectionView, type ConnectFormValues } from '../utils/connections';

/** One service: what the club needs (server set-up, the Business plan), the connect form, or the connection with Disconnect. */
export function ConnectionCard({ clubId, connection }: { clubId: number; connection: Connection }) {
  const { t } = useTranslation();
  const id = useId();
  const view = connectionView(connection);
  const kind = connection.kind;
  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid={`connection-${kind}`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={`${id}-title`} variant="h2" sx={{ mr: 'auto' }}>
            {t(`social.connections.services.${kind}`)}
          </Typography>
          <Chip
            size="small"
            color={view === 'connected' ? 'success' : 'default'}
            variant={view === 'connected' ? 'filled' : 'outlined'}
            label={view === 'connected' ? t('social.connections.connected') : view === 'notConfigured' ? t('social.connections.notConfigured') : t('social.connections.notConnected')}
          />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t(`social.connections.descriptions.${kind}`)}
        </Typography>
        {view === 'notConfigured' && (
          <Alert severity="info">
            <AlertTitle>{t('social.connections.notConfigured')}</AlertTitle>
            {t('social.connections.notConfiguredText', { service: t(`social.connections.serviceNames.${kind}`) })}
          </Alert>
        )}
        {view === 'upgrade' && (
          <Alert severity="warning">
            <AlertTitle>{t('social.connections.upgrade')}</AlertTitle>
            {t('social.connections.upgradeText')}
          </Alert>
        )}
        {view === 'connect' && <ConnectForm clubId={clubId} connection={connection} />}
        {view === 'connected' && <Connected clubId={clubId} connection={connection} />}
      </CardContent>
    </Card>
  );
}

function ConnectForm({ clubId, connection }: { clubId: number; connection: Connection }) {
  const { t } = useTranslation();
  const id = useId();
  const snackbar = useSnackbar();
  const connect = useConnect(clubId);
  const [failure, setFailure] = useState<string | null>(null);
  const kind = connection.kind;
  const service = t(`social.connections.services.${kind}`);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<ConnectFormValues>({ resolver: zodResolver(connectFormSchema), defaultValues: { account_id: connection.account_id ?? '', token: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await connect.mutateAsync({ kind, body: connectBody(values) });
      snackbar.confirm(t('social.connections.connectedNotice', { service }));
    } catch (error) {
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = detail.path.split('.').pop();
          if (field === 'account_id' || field === 'token') setError(field, { type: 'server', message: detail.message });
        }
      }
      const reason = errorText(error, t);
      setFailure(reason);
      snackbar.error(t('social.connections.connectFailed', { service: t(`social.connections.serviceNames.${kind}`) }), reason);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('social.connections.connect')} sx={{ display: 'grid', gap: 2 }}>
      {failure && (
        <Alert severity="error" data-testid="connect-failure">
          {failure}
        </Alert>
      )}
      <Typography variant="body2" id={`${id}-help`}>
        {t(`social.connections.help.${kind}`)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
        <FormTextField
          control={control}
          name="account_id"
          label={t(`social.connections.accountId.${kind}`)}
          required
          autoComplete="off"
          disabled={isSubmitting}
          slotProps={{ htmlInput: { spellCheck: false, maxLength: 80, 'aria-describedby': `${id}-help` } }}
        />
        <FormTextField
          control={control}
          name="token"
          type="password"
          label={t(`social.connections.token.${kind}`)}
          required
          autoComplete="new-password"
          disabled={isSubmitting}
          slotProps={{ htmlInput: { spellCheck: false, maxLength: 1100, 'aria-describedby': `${id}-help` } }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? t('social.connections.connecting') : t('social.connections.connect')}
        </Button>
      </Box>
    </Box>
  );
}

function Connected({ clubId, connection }: { clubId: number; connection: Connection }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const disconnect = useDisconnect(clubId);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const kind = connection.kind;
  const service = t(`social.connections.services.${kind}`);
  const account = connection.account_name ?? connection.account_id ?? service;
  const at = connection.connected_at ? formatInstant(connection.connected_at, i18n.language) : null;

  const confirmDisconnect = async () => {
    setFailure(null);
    try {
      await disconnect.mutateAsync(kind);
      setConfirming(false);
      snackbar.confirm(t('social.connections.disconnected', { service }));
    } catch (error) {
      setConfirming(false);
      // §8: 'Unable to disconnect', with the server's reason beneath (kept in the card).
      const reason = errorText(error, t);
      setFailure(reason);
      snackbar.error(t('social.connections.disconnectFailed'), reason);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        <dt>{t('social.connections.account')}</dt>
        <dd data-testid="connection-account">
          {connection.account_name && <Box component="span" sx={{ fontWeight: 600 }}>{connection.account_name}</Box>}
          {connection.account_id && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {t('social.connections.accountIdShown', { id: connection.account_id })}
            </Typography>
          )}
        </dd>
      </Box>
      {at && (
        <Typography variant="body2" color="text.secondary">
          {connection.connected_by ? t('social.connections.connectedAtBy', { at, by: connection.connected_by }) : t('social.connections.connectedAt', { at })}
        </Typography>
      )}
      {failure && (
        <Alert severity="error" data-testid="disconnect-failure" onClose={() => setFailure(null)} closeText={t('common.close')}>
          <AlertTitle>{t('social.connections.disconnectFailed')}</AlertTitle>
          {failure}
        </Alert>
      )}
      {connection.last_error && (
        <Alert severity="error" data-testid="connection-last-error">
          <AlertTitle>{t('social.connections.lastError')}</AlertTitle>
          {connection.last_error}
        </Alert>
      )}
      {!connection.allowed_by_plan && (
        <Alert severity="warning">
          <AlertTitle>{t('social.connections.upgrade')}</AlertTitle>
          {t('social.connections.upgradeText')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button color="error" startIcon={<LinkOffIcon />} onClick={() => setConfirming(true)} aria-label={t('social.connections.disconnectFor', { service })}>
          {t('social.connections.disconnect')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('social.connections.disconnectTitle', { service })}
        confirmLabel={t('social.connections.disconnect')}
        busy={disconnect.isPending}
        onConfirm={() => void confirmDisconnect()}
        onCancel={() => setConfirming(false)}
      >
        {t('social.connections.disconnectText', { account })}
      </ConfirmDialog>
    </Box>
  );
}
