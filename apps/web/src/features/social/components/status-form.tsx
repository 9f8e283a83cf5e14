import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMMUNICATION_LIMITS, STATUS_CHANNELS, STATUS_PRIORITIES, type Announcement, type Connection, type StatusChannel } from '@golf/contract/api/communication';
import { FormTextField } from '../../../components/form/form-text-field';
import { screenHref } from '../../../config/screens';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { usePostAnnouncement } from '../api/social';
import { channelBlock, emptyStatusForm, statusBody, statusField, statusFormSchema, type ChannelBlock, type StatusFormValues } from '../utils/status';

/**
 * Post a new status (it replaces the current one): header, priority, text with a counter, start
 * (now by default) and an optional end after it, and the channels. Facebook and the national golf
 * app are offered only when the club's plan and connections allow them; the server's refusals
 * show at their field, or above the form in the reader's language.
 */
export function StatusForm({ clubId, current, connections, connectionsFailed }: { clubId: number; current: Announcement | null; connections: Connection[] | undefined; connectionsFailed: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const snackbar = useSnackbar();
  const post = usePostAnnouncement(clubId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useForm<StatusFormValues>({ resolver: zodResolver(statusFormSchema), defaultValues: emptyStatusForm() });
  const body = useWatch({ control, name: 'body' }) ?? '';
  const blocks = Object.fromEntries(STATUS_CHANNELS.map((c) => [c, channelBlock(c, connections)])) as Record<StatusChannel, ChannelBlock>;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const sent = statusBody(values);
    for (const channel of STATUS_CHANNELS) if (blocks[channel]) sent.channels[channel] = false;
    try {
      await post.mutateAsync(sent);
      snackbar.confirm(t('social.status.form.posted'));
      reset(emptyStatusForm());
    } catch (error) {
      const reason = errorText(error, t);
      if (isApiError(error)) {
        let focus = true;
        for (const detail of error.details) {
          const field = statusField(detail.path);
          if (!field) continue;
          setError(field, { type: 'server', message: detail.message }, { shouldFocus: focus });
          focus = false;
        }
      }
      setFailure(reason);
      snackbar.error(t('social.status.form.postFailed'), reason);
    }
  });

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography id={`${id}-title`} variant="h2">
            {t('social.status.form.title')}
          </Typography>
          {current && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="replaces-note">
              {t('social.status.form.replaces', { header: current.header })}
            </Typography>
          )}
        </Box>
        {failure && (
          <Alert severity="error" data-testid="post-failure">
            {failure}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="header"
          label={t('social.status.form.header')}
          required
          autoComplete="off"
          disabled={isSubmitting}
          messageValues={{ max: COMMUNICATION_LIMITS.headerMax }}
          slotProps={{ htmlInput: { maxLength: COMMUNICATION_LIMITS.headerMax + 20 } }}
        />
        <Controller
          control={control}
          name="priority"
          render={({ field }) => (
            <TextField
              select
              label={t('social.status.priority')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              disabled={isSubmitting}
              sx={{ maxWidth: { sm: 280 } }}
            >
              {STATUS_PRIORITIES.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`social.status.priorities.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          control={control}
          name="body"
          label={t('social.status.form.body')}
          multiline
          minRows={3}
          maxRows={12}
          disabled={isSubmitting}
          messageValues={{ max: COMMUNICATION_LIMITS.statusBodyMax }}
          helperText={t('social.status.form.bodyCount', { count: body.length, max: COMMUNICATION_LIMITS.statusBodyMax })}
          slotProps={{ htmlInput: { maxLength: COMMUNICATION_LIMITS.statusBodyMax + 100 } }}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>
          <FormTextField control={control} name="start" type="datetime-local" label={t('social.status.form.start')} required disabled={isSubmitting} slotProps={{ inputLabel: { shrink: true } }} />
          <FormTextField
            control={control}
            name="end"
            type="datetime-local"
            label={t('social.status.form.end')}
            helperText={t('social.status.form.endHint')}
            disabled={isSubmitting}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <FormControl component="fieldset" disabled={isSubmitting}>
          <FormLabel component="legend">{t('social.status.form.channels')}</FormLabel>
          <FormHelperText sx={{ mx: 0 }}>{t('social.status.form.channelsHint')}</FormHelperText>
          <FormGroup>
            {STATUS_CHANNELS.map((channel) => (
              <Controller
                key={channel}
                control={control}
                name={`channels.${channel}`}
                render={({ field }) => {
                  const block = blocks[channel];
                  return (
                    <Box sx={{ mb: 0.5 }}>
                      <FormControlLabel
                        control={<Checkbox checked={!!field.value && !block} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} name={field.name} />}
                        label={t(`social.status.channels.${channel}`)}
                        disabled={!!block || isSubmitting}
                      />
                      {block && <ChannelNote clubId={clubId} channel={channel} block={block} />}
                    </Box>
                  );
                }}
              />
            ))}
          </FormGroup>
          {connectionsFailed && <FormHelperText sx={{ mx: 0 }}>{t('social.status.form.connectionsUnknown')}</FormHelperText>}
        </FormControl>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t('social.status.form.posting') : t('social.status.form.post')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Why a channel cannot be chosen: the plan (§6), the server, or a connection still to make (a link to the connections). */
function ChannelNote({ clubId, channel, block }: { clubId: number; channel: StatusChannel; block: Exclude<ChannelBlock, null> }) {
  const { t } = useTranslation();
  const service = t(`social.connections.serviceNames.${channel}`);
  return (
    <Box sx={{ ml: 4, mt: -0.5 }} data-testid={`channel-note-${channel}`}>
      {block === 'upgrade' && (
        <Typography variant="body2" color="text.secondary">
          <Box component="strong">
            {t('social.status.form.upgrade')}
          </Box>
          {' · '}
          {t('social.status.form.upgradeText')}
        </Typography>
      )}
      {block === 'notConfigured' && (
        <Typography variant="body2" color="text.secondary">
          {t('social.status.form.notConfigured', { service })}
        </Typography>
      )}
      {block === 'connectFirst' && (
        <Link component={RouterLink} to={screenHref('someConnections', clubId)} variant="body2">
          {t('social.status.form.connectFirst', { service: t(`social.connections.serviceNames.${channel}`) })}
        </Link>
      )}
    </Box>
  );
}
