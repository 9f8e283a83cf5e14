import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/SendOutlined';
import { COMMUNICATION_LIMITS, type NotificationBody, type NotificationItem } from '@golf/contract/api/communication';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { isApiError } from '../../../lib/api-client';
import { useClub } from '../../../lib/current-club';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useGuideChoices, useMessages, useSendMessage, useSubscriberCount } from '../api/communication';
import { parseMessageForm, typedLength, type FieldErrors, type MessageField } from '../utils/feed';
import type { CommunicationFormat } from '../utils/format';

type Recipients = 'all' | 'guides';

/**
 * Messages to the club's followers (§2 Communication): compose (the title is the club's name, §3),
 * choose all followers or the followers of chosen guides, see how many are targeted and will get
 * it, confirm, send; then the sent messages newest first with their delivery figures (§4: sending
 * reloads the list; asked again while one is being delivered).
 */
export function MessagesSection({ clubId, format }: { clubId: number; format: CommunicationFormat }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <ComposeMessage clubId={clubId} />
      <SentMessages clubId={clubId} format={format} />
    </Box>
  );
}

function ComposeMessage({ clubId }: { clubId: number }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const club = useClub(clubId);
  const guides = useGuideChoices(clubId);
  const send = useSendMessage(clubId);
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [recipients, setRecipients] = useState<Recipients>('all');
  const [guideIds, setGuideIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors<MessageField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<NotificationBody | null>(null);

  const targeted = recipients === 'all' ? [] : guideIds;
  const needsGuide = recipients === 'guides' && guideIds.length === 0;
  const count = useSubscriberCount(clubId, targeted, !needsGuide);
  const guidesForbidden = guides.isError && isApiError(guides.error) && guides.error.status === 403;
  const receivers = count.data?.count;
  const title = club.data?.name ?? '';
  const length = typedLength(body);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parseMessageForm({ body, url, guideIds: targeted });
    if (parsed.errors) {
      setErrors(parsed.errors);
      return;
    }
    if (needsGuide) return;
    setConfirming(parsed.body);
  };

  const confirmSend = async () => {
    if (!confirming) return;
    try {
      await send.mutateAsync(confirming);
      snackbar.confirm(t('communication.messages.sent'));
      setConfirming(null);
      setBody('');
      setUrl('');
      setErrors({});
    } catch (error) {
      const reason = errorText(error, t);
      setConfirming(null);
      setFailure(reason);
      snackbar.error(t('communication.messages.sendFailed'), reason);
    }
  };

  const guideLabel = t('communication.messages.guides');
  return (
    <Card component="section" aria-labelledby="communication-compose-heading">
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        <Typography id="communication-compose-heading" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('communication.messages.heading')}
        </Typography>
        {failure && (
          <Alert severity="error" data-testid="send-failure" onClose={() => setFailure(null)} closeText={t('common.close')}>
            <strong>{t('communication.messages.sendFailed')}</strong>: {failure}
          </Alert>
        )}
        <TextField
          label={t('communication.messages.title')}
          value={title}
          helperText={t('communication.messages.titleHint')}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'message-title' } }}
        />
        <TextField
          label={t('communication.messages.body')}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            if (errors.body) setErrors((x) => ({ ...x, body: undefined }));
          }}
          required
          multiline
          minRows={3}
          maxRows={10}
          disabled={send.isPending}
          error={!!errors.body || length > COMMUNICATION_LIMITS.notificationBodyMax}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>{errors.body ? t(errors.body, { max: COMMUNICATION_LIMITS.notificationBodyMax }) : ''}</span>
              <span data-testid="message-counter">{t('communication.postDialog.counter', { count: length, max: COMMUNICATION_LIMITS.notificationBodyMax })}</span>
            </Box>
          }
        />
        <TextField
          label={t('communication.messages.url')}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            if (errors.url) setErrors((x) => ({ ...x, url: undefined }));
          }}
          placeholder="https://"
          autoComplete="url"
          disabled={send.isPending}
          error={!!errors.url}
          helperText={errors.url ? t(errors.url) : t('communication.messages.urlHint')}
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        />
        <FormControl component="fieldset" disabled={send.isPending}>
          <FormLabel component="legend">{t('communication.messages.recipients')}</FormLabel>
          <RadioGroup value={recipients} onChange={(e) => setRecipients(e.target.value as Recipients)}>
            <FormControlLabel value="all" control={<Radio />} label={t('communication.messages.all')} />
            <FormControlLabel value="guides" control={<Radio />} label={t('communication.messages.byGuides')} disabled={guidesForbidden} />
          </RadioGroup>
          {guidesForbidden && <FormHelperText>{t('communication.messages.guidesForbidden')}</FormHelperText>}
        </FormControl>
        {recipients === 'guides' && (
          <FormControl size="small" error={needsGuide} sx={{ maxWidth: 480 }}>
            <InputLabel id="communication-guides-label">{guideLabel}</InputLabel>
            <Select<number[]>
              multiple
              labelId="communication-guides-label"
              value={guideIds}
              onChange={(e) => setGuideIds(typeof e.target.value === 'string' ? [] : e.target.value)}
              input={<OutlinedInput label={guideLabel} />}
              renderValue={(ids) => ids.map((id) => guides.data?.find((g) => g.id === id)?.title ?? `#${id}`).join(', ')}
              data-testid="message-guides"
            >
              {(guides.data ?? []).map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  <Checkbox checked={guideIds.includes(g.id)} size="small" sx={{ p: 0, mr: 1 }} />
                  <ListItemText primary={g.title} />
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>
              {guides.isError
                ? t('communication.messages.guidesFailed')
                : guides.data?.length === 0
                  ? t('communication.messages.noGuides')
                  : needsGuide
                    ? t('communication.messages.chooseAGuide')
                    : t('communication.messages.guidesHint')}
            </FormHelperText>
          </FormControl>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box role="status" aria-live="polite" data-testid="subscriber-count" sx={{ flex: '1 1 240px' }}>
            {needsGuide ? null : count.isError ? (
              <Typography variant="body2" color="error">
                {t('communication.messages.countFailed')}: {errorText(count.error, t)}
              </Typography>
            ) : count.data ? (
              <>
                <Typography variant="body1" sx={{ fontWeight: 600 }}>
                  {t('communication.messages.followers', { count: count.data.followers })}, {t('communication.messages.receivers', { count: count.data.count })}
                </Typography>
                {count.data.count === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('communication.messages.nobody')}
                  </Typography>
                )}
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('communication.messages.counting')}
              </Typography>
            )}
          </Box>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={send.isPending || needsGuide || !receivers || count.isPlaceholderData || !title}>
            {send.isPending ? t('communication.messages.sending') : t('communication.messages.send')}
          </Button>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title={t('communication.messages.confirmTitle', { count: receivers ?? 0 })}
        confirmLabel={t('communication.messages.send')}
        busy={send.isPending}
        onConfirm={() => void confirmSend()}
        onCancel={() => setConfirming(null)}
      >
        {confirming && t('communication.messages.confirmBody', { title, body: confirming.body })}
      </ConfirmDialog>
    </Card>
  );
}

const STATE_COLOR = { queued: 'default', sending: 'info', done: 'success' } as const;

function SentMessages({ clubId, format }: { clubId: number; format: CommunicationFormat }) {
  const { t } = useTranslation();
  const messages = useMessages(clubId);
  return (
    <Box component="section" aria-labelledby="communication-sent-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="communication-sent-heading" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {t('communication.messages.listHeading')}
      </Typography>
      <ListStates query={messages} errorTitle={t('communication.messages.loadFailed')} empty={messages.data?.length === 0 ? <EmptyState title={t('communication.messages.empty')} /> : null}>
        {() => (
          <Box component="ul" aria-label={t('communication.messages.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {(messages.data ?? []).map((m) => (
              <MessageRow key={m.id} message={m} format={format} />
            ))}
          </Box>
        )}
      </ListStates>
    </Box>
  );
}

function MessageRow({ message: m, format }: { message: NotificationItem; format: CommunicationFormat }) {
  const { t } = useTranslation();
  const figure = (label: string, value: number, key: string, color?: string) => (
    <Box sx={{ minWidth: 72 }} data-testid={`message-${key}`}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, color }}>
        {format.number(value)}
      </Typography>
    </Box>
  );
  return (
    <Paper component="li" variant="outlined" data-testid="message-row" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" color={STATE_COLOR[m.state]} label={t(`communication.messages.state.${m.state}`)} data-testid="message-state" />
        {m.source !== 'message' && <Chip size="small" variant="outlined" label={t(`communication.messages.source.${m.source}`)} />}
        <Typography variant="body2" color="text.secondary">
          {format.dateTime(m.created_at)}
          {m.created_by && ` · ${t('communication.messages.by', { name: m.created_by })}`}
          {' · '}
          {m.guides.length === 0 ? t('communication.messages.toAll') : t('communication.messages.toGuides', { count: m.guides.length })}
        </Typography>
      </Box>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        <strong>{m.title}</strong>: {m.body}
      </Typography>
      {m.url && (
        <Link href={m.url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {m.url}
        </Link>
      )}
      <Box component="dl" sx={{ m: 0, display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {figure(t('communication.messages.targeted'), m.targeted, 'targeted')}
        {figure(t('communication.messages.delivered'), m.delivered, 'delivered', 'success.main')}
        {figure(t('communication.messages.failed'), m.failed, 'failed', m.failed > 0 ? 'error.main' : undefined)}
        {figure(t('communication.messages.pending'), m.pending, 'pending')}
      </Box>
    </Paper>
  );
}
