import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { APP_KEYS_MAX, CreateAppKeyBody, type AppKey, type CreatedAppKey } from '@golf/contract/api/app-keys';
import { FormTextField } from '../../../components/form/form-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useAppKeys, useCreateAppKey, useRevokeAppKey } from '../api/app-keys';

/** The longest name the server takes (the contract's CreateAppKeyBody). */
const NAME_MAX = CreateAppKeyBody.shape.name.maxLength ?? 80;
const nameSchema = z.object({
  name: z.string().trim().min(1, 'clubApp.appKeys.nameRequired').max(NAME_MAX, 'clubApp.appKeys.nameTooLong'),
});
type NameValues = z.infer<typeof nameSchema>;

/**
 * The club's keys for the golfers' app (issue 22), on the club app screen for platform admins:
 * the keys (name, first characters, created, last used, revoked), Create key (a name; the key is
 * then shown once, to copy) and Revoke (confirmed first; the app is refused at once).
 */
export function AppKeysSection({ clubId }: { clubId: number }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const keys = useAppKeys(clubId);
  const revoke = useRevokeAppKey(clubId);
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAppKey | null>(null);
  const [revoking, setRevoking] = useState<AppKey | null>(null);
  const live = keys.data?.filter((k) => k.revoked_at === null).length ?? 0;
  const full = live >= APP_KEYS_MAX;
  const when = (at: string) => new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      snackbar.confirm(t('clubApp.appKeys.revokeDone', { name: revoking.name }));
      setRevoking(null);
    } catch (error) {
      snackbar.error(t('clubApp.appKeys.revokeFailed', { name: revoking.name }), errorText(error, t));
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId} data-testid="app-keys-section">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
            <Typography variant="h2" id={headingId}>
              {t('clubApp.appKeys.heading')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('clubApp.appKeys.intro')}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 0.5, justifyItems: { xs: 'start', sm: 'end' } }}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={!keys.isSuccess || full} sx={{ whiteSpace: 'nowrap' }}>
              {t('clubApp.appKeys.create')}
            </Button>
            {full && (
              <Typography variant="caption" color="text.secondary">
                {t('clubApp.appKeys.full', { max: APP_KEYS_MAX })}
              </Typography>
            )}
          </Box>
        </Box>
        <ListStates query={keys} errorTitle={t('clubApp.appKeys.loadFailed')} empty={keys.data?.length === 0 ? <EmptyKeys /> : null} loadingRows={2}>
          {() => (
            <List aria-label={t('clubApp.appKeys.listLabel')} disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {(keys.data ?? []).map((key, i, all) => (
                <AppKeyRow key={key.id} appKey={key} divider={i < all.length - 1} when={when} onRevoke={() => setRevoking(key)} />
              ))}
            </List>
          )}
        </ListStates>
      </CardContent>
      {creating && (
        <CreateAppKeyDialog
          clubId={clubId}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            snackbar.confirm(t('clubApp.appKeys.created', { name: key.name }));
          }}
        />
      )}
      {created && <NewAppKeyDialog created={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t('clubApp.appKeys.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('clubApp.appKeys.revoke')}
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      >
        {t('clubApp.appKeys.revokeText')}
      </ConfirmDialog>
    </Card>
  );
}

function EmptyKeys() {
  const { t } = useTranslation();
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {t('clubApp.appKeys.empty')}
    </Typography>
  );
}

function AppKeyRow({ appKey, divider, when, onRevoke }: { appKey: AppKey; divider: boolean; when: (at: string) => string; onRevoke: () => void }) {
  const { t } = useTranslation();
  const revoked = appKey.revoked_at !== null;
  return (
    <ListItem divider={divider} data-testid="app-key-row" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 2 }, py: 1.5 }}>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{appKey.name}</Typography>
          <Chip size="small" variant="outlined" color={revoked ? 'default' : 'success'} label={t(revoked ? 'clubApp.appKeys.revoked' : 'clubApp.appKeys.active')} />
        </Box>
        <Typography variant="body2" sx={{ mt: 0.25 }}>
          {t('clubApp.appKeys.startsWith')}{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {appKey.prefix}…
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[
            t('clubApp.appKeys.createdAt', { date: when(appKey.created_at) }),
            appKey.last_used_at ? t('clubApp.appKeys.lastUsed', { date: when(appKey.last_used_at) }) : t('clubApp.appKeys.neverUsed'),
            ...(appKey.revoked_at ? [t('clubApp.appKeys.revokedAt', { date: when(appKey.revoked_at) })] : []),
          ].join(' · ')}
        </Typography>
      </Box>
      {!revoked && (
        <Button color="error" variant="outlined" onClick={onRevoke} aria-label={t('clubApp.appKeys.revokeFor', { name: appKey.name })}>
          {t('clubApp.appKeys.revoke')}
        </Button>
      )}
    </ListItem>
  );
}

/** Create key: a name; the server's refusal (e.g. the cap) is said in the dialog. Cannot be closed while it saves. */
function CreateAppKeyDialog({ clubId, onClose, onCreated }: { clubId: number; onClose: () => void; onCreated: (key: CreatedAppKey) => void }) {
  const { t } = useTranslation();
  const create = useCreateAppKey(clubId);
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: { name: '' } });

  const save = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync({ name: values.name.trim() }));
    } catch (error) {
      setFailure(errorText(error, t));
    }
  });

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={save}>
        <DialogTitle id={titleId}>{t('clubApp.appKeys.createTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <FormTextField
            control={control}
            name="name"
            label={t('clubApp.appKeys.name')}
            helperText={t('clubApp.appKeys.nameHelp')}
            messageValues={{ max: NAME_MAX }}
            autoFocus
            required
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: NAME_MAX + 20 } }}
          />
          {failure && (
            <Alert severity="error" role="alert">
              {t('clubApp.appKeys.createFailed')}: {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t('clubApp.appKeys.creating') : t('clubApp.appKeys.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The new key, this once: a read-only field to select and a Copy button, with the warning that it is not shown again. */
function NewAppKeyDialog({ created, onClose }: { created: CreatedAppKey; onClose: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      snackbar.confirm(t('clubApp.appKeys.copied'));
    } catch {
      snackbar.error(t('clubApp.appKeys.copyFailed'));
    }
  };

  return (
    // No onClose: only Done closes it (Escape or a click beside it must not lose the key).
    <Dialog open aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('clubApp.appKeys.shownTitle', { name: created.name })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{t('clubApp.appKeys.shownWarning')}</Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {/* Multiline so that the whole key shows on a phone too, broken anywhere. */}
          <TextField
            label={t('clubApp.appKeys.keyLabel')}
            value={created.key}
            multiline
            fullWidth
            sx={{ flex: '1 1 320px' }}
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
          />
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {copied ? t('clubApp.appKeys.copiedButton') : t('clubApp.appKeys.copy')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('clubApp.appKeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
