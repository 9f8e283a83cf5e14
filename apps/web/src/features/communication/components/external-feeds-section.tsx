import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { ExternalFeedBody, type ExternalFeed, type ExternalFeedItem } from '@golf/contract/api/communication';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { useAddExternalFeed, useExternalFeeds, useExternalItems, useRefreshExternalFeed, useRemoveExternalFeed } from '../api/communication';
import { communicationMessageKey, plainText, storedErrorText } from '../utils/feed';
import type { CommunicationFormat } from '../utils/format';

/** The external RSS and Atom feeds the club follows (add, fetch again, remove) and their items, newest first. */
export function ExternalFeedsSection({ clubId, format }: { clubId: number; format: CommunicationFormat }) {
  const { t, i18n } = useTranslation();
  const feeds = useExternalFeeds(clubId);
  const remove = useRemoveExternalFeed(clubId);
  const refresh = useRefreshExternalFeed(clubId);
  const snackbar = useSnackbar();
  const [removing, setRemoving] = useState<ExternalFeed | null>(null);
  const name = (feed: ExternalFeed) => feed.title ?? feed.url;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      snackbar.confirm(t('communication.feeds.removed'));
      setRemoving(null);
    } catch (error) {
      snackbar.error(t('communication.feeds.removeFailed'), errorText(error, t));
    }
  };

  const fetchAgain = async (feed: ExternalFeed) => {
    try {
      const fetched = await refresh.mutateAsync(feed.id);
      if (fetched.error) snackbar.show({ type: 'warning', message: t('communication.feeds.wentWrong'), detail: storedErrorText(fetched.error_code, fetched.error, t, (k) => i18n.exists(k)) });
      else snackbar.confirm(t('communication.feeds.refreshed'));
    } catch (error) {
      snackbar.error(t('communication.feeds.refreshFailed'), errorText(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="section" aria-labelledby="communication-feeds-heading" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="communication-feeds-heading" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('communication.feeds.heading')}
        </Typography>
        <AddFeedForm clubId={clubId} />
        <ListStates query={feeds} errorTitle={t('communication.feeds.loadFailed')} empty={feeds.data?.length === 0 ? <EmptyState title={t('communication.feeds.empty')} /> : null}>
          {() => (
            <Box component="ul" aria-label={t('communication.feeds.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {(feeds.data ?? []).map((feed) => (
                <Paper component="li" key={feed.id} variant="outlined" data-testid="feed-row" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{feed.title ?? t('communication.feeds.untitled')}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                        {feed.url}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {feed.last_fetched_at ? t('communication.feeds.fetched', { date: format.dateTime(feed.last_fetched_at) }) : t('communication.feeds.neverFetched')}
                        {' · '}
                        {t('communication.feeds.items', { count: feed.items })}
                      </Typography>
                    </Box>
                    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, flexShrink: 0, mr: { xs: -1, sm: 0 } }}>
                      <Tooltip title={t('communication.feeds.refresh')}>
                        <span>
                          <IconButton
                            aria-label={t('communication.feeds.refreshFor', { name: name(feed) })}
                            onClick={() => void fetchAgain(feed)}
                            disabled={refresh.isPending && refresh.variables === feed.id}
                          >
                            <RefreshIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('communication.feeds.remove')}>
                        <IconButton aria-label={t('communication.feeds.removeFor', { name: name(feed) })} onClick={() => setRemoving(feed)}>
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  </Box>
                  {feed.error && (
                    <Alert severity="error" data-testid="feed-error">
                      <AlertTitle>{t('communication.feeds.wentWrong')}</AlertTitle>
                      {storedErrorText(feed.error_code, feed.error, t, (k) => i18n.exists(k))}
                    </Alert>
                  )}
                </Paper>
              ))}
            </Box>
          )}
        </ListStates>
      </Box>
      <FeedItems clubId={clubId} format={format} />
      <ConfirmDialog
        open={removing !== null}
        title={t('communication.feeds.removeDialog.title', { name: removing ? name(removing) : '' })}
        confirmLabel={t('communication.feeds.removeDialog.confirm')}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        {t('communication.feeds.removeDialog.body')}
      </ConfirmDialog>
    </Box>
  );
}

function AddFeedForm({ clubId }: { clubId: number }) {
  const { t, i18n } = useTranslation();
  const add = useAddExternalFeed(clubId);
  const snackbar = useSnackbar();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ExternalFeedBody.safeParse({ url });
    if (!parsed.success) {
      setProblem(t(communicationMessageKey(parsed.error.issues[0]?.message ?? '')));
      return;
    }
    setProblem(null);
    try {
      const added = await add.mutateAsync(parsed.data.url);
      setUrl('');
      if (added.error) snackbar.show({ type: 'warning', message: t('communication.feeds.wentWrong'), detail: storedErrorText(added.error_code, added.error, t, (k) => i18n.exists(k)) });
      else snackbar.confirm(t('communication.feeds.added'));
    } catch (error) {
      // The server's refusal (a private address, not a feed, too many feeds…) at the field.
      setProblem(errorText(error, t));
    }
  };

  return (
    <Card variant="outlined">
      <CardContent component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={t('communication.feeds.url')}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setProblem(null);
          }}
          placeholder="https://"
          size="small"
          disabled={add.isPending}
          error={problem !== null}
          helperText={problem}
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, 'data-testid': 'feed-url' } }}
          sx={{ flex: '1 1 280px' }}
        />
        <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={add.isPending} sx={{ whiteSpace: 'nowrap', minHeight: 40 }}>
          {add.isPending ? t('communication.feeds.adding') : t('communication.feeds.add')}
        </Button>
      </CardContent>
    </Card>
  );
}

function FeedItems({ clubId, format }: { clubId: number; format: CommunicationFormat }) {
  const { t } = useTranslation();
  const items = useExternalItems(clubId);
  return (
    <Box component="section" aria-labelledby="communication-items-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="communication-items-heading" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {t('communication.feeds.itemsHeading')}
      </Typography>
      <ListStates query={items} errorTitle={t('communication.feeds.itemsLoadFailed')} empty={items.data?.length === 0 ? <EmptyState title={t('communication.feeds.itemsEmpty')} /> : null}>
        {() => (
          <Box component="ul" aria-label={t('communication.feeds.itemsLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {(items.data ?? []).map((item) => (
              <ItemRow key={item.id} item={item} format={format} />
            ))}
          </Box>
        )}
      </ListStates>
    </Box>
  );
}

function ItemRow({ item, format }: { item: ExternalFeedItem; format: CommunicationFormat }) {
  const { t } = useTranslation();
  const summary = item.summary ? plainText(item.summary) : '';
  return (
    <Paper component="li" variant="outlined" data-testid="feed-item" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 0.5 }}>
      <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontSize: '1rem' }}>
        {item.link ? (
          <Link href={item.link} target="_blank" rel="noopener noreferrer">
            {item.title}
            <OpenInNewIcon aria-hidden sx={{ fontSize: '0.95em', ml: 0.5, verticalAlign: '-0.125em' }} />
            <Box component="span" sx={visuallyHiddenSx}>
              {` ${t('communication.posts.opensInNewTab')}`}
            </Box>
          </Link>
        ) : (
          item.title
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {item.feed_title ?? t('communication.feeds.untitled')} · {item.published_at ? format.dateTime(item.published_at) : t('communication.feeds.noDate')}
      </Typography>
      {summary && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="feed-item-summary">
          {summary}
        </Typography>
      )}
    </Paper>
  );
}
