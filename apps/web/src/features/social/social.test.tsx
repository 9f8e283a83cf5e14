import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES } from '@golf/contract/locales';
import { AnnouncementBody, ConnectBody, STATUS_PRIORITIES, type Announcement, type ChannelDelivery, type Connection } from '@golf/contract/api/communication';
import { deferred, fakeApi, json, noContent } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { PENDING_REFETCH_MS } from './api/social';
import { ConnectionsPage } from './components/connections-page';
import { StatusPage } from './components/status-page';
import { connectBody, connectFormSchema, connectionView, sortConnections } from './utils/connections';
import { channelBlock, emptyStatusForm, fromLocalInput, hasPendingDelivery, statusBody, statusField, statusFormSchema, toLocalInput, visibility } from './utils/status';

const connection = (kind: Connection['kind'], change: Partial<Connection> = {}): Connection => ({
  kind,
  configured: true,
  allowed_by_plan: true,
  connected: false,
  account_id: null,
  account_name: null,
  connected_at: null,
  connected_by: null,
  last_error: null,
  ...change,
});

const delivery = (channel: ChannelDelivery['channel'], change: Partial<ChannelDelivery> = {}): ChannelDelivery => ({
  channel,
  state: 'done',
  external_id: null,
  notification_id: null,
  push: null,
  error: null,
  error_code: null,
  at: '2030-05-01T08:00:00.000Z',
  ...change,
});

const announcement = (change: Partial<Announcement> = {}): Announcement => ({
  id: 1,
  header: 'Frost delay',
  priority: 'important',
  body: 'Tee times move by one hour.',
  start: '2030-05-01T06:00:00.000Z',
  end: null,
  channels: { rss: true, notification: false, facebook: false, national: false },
  visible: true,
  created_at: '2030-05-01T05:55:00.000Z',
  created_by: 'Karen Holm',
  deliveries: [delivery('rss', { external_id: 'status-1' })],
  ...change,
});

const FACEBOOK_CONNECTED = connection('facebook', {
  connected: true,
  account_id: '1045',
  account_name: 'Fjordvang Golfklub',
  connected_at: '2030-04-01T10:00:00.000Z',
  connected_by: 'Karen Holm',
});

/** A text of the contract's locale files, or undefined. */
const textAt = (language: 'en' | 'da' | 'sv', key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[language]);

/** The status server: GET/POST/DELETE announcement (POST answers what was sent as the new status) and the connections. */
function statusServer(initial: Announcement | null, connections: Connection[] = [connection('facebook'), connection('national')]) {
  let current = initial;
  fakeApi.get('clubs/1/announcement', () => json(current));
  fakeApi.get('clubs/1/connections', connections);
  fakeApi.post('clubs/1/announcement', ({ body }) => {
    const sent = body as AnnouncementBody;
    current = announcement({
      id: (current?.id ?? 0) + 1,
      ...sent,
      visible: true,
      deliveries: Object.entries(sent.channels)
        .filter(([, on]) => on)
        .map(([channel]) => delivery(channel as ChannelDelivery['channel'], { state: 'pending' })),
    });
    return json(current, 201);
  });
  fakeApi.delete('clubs/1/announcement', () => {
    current = null;
    return noContent();
  });
  return {
    current: () => current,
    set: (next: Announcement | null) => (current = next),
  };
}

const renderStatus = () => renderRoutes([{ path: '/:clubId/some/status', element: <StatusPage /> }], '/1/some/status');
const renderConnections = () => renderRoutes([{ path: '/:clubId/some/connections', element: <ConnectionsPage /> }], '/1/some/connections');

describe('status rules', () => {
  it('checks the form as the contract does, with translated messages', () => {
    const now = new Date(2030, 4, 1, 9, 30);
    const empty = emptyStatusForm(now);
    expect(empty).toMatchObject({ header: '', priority: 'normal', start: '2030-05-01T09:30', end: '' });
    const fail = (values: object) => {
      const result = statusFormSchema.safeParse({ ...empty, ...values });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(fail({ header: '  ' })).toEqual(['header: social.status.errors.headerRequired']);
    expect(fail({ header: 'x'.repeat(121) })).toEqual(['header: social.status.errors.headerTooLong']);
    expect(fail({ header: 'A', body: 'x'.repeat(2001) })).toEqual(['body: social.status.errors.bodyTooLong']);
    expect(fail({ header: 'A', end: '2030-05-01T09:30' })).toEqual(['end: social.status.errors.endBeforeStart']);
    expect(fail({ header: 'A', end: '2030-05-01T09:00' })).toEqual(['end: social.status.errors.endBeforeStart']);
    expect(fail({ header: 'A', start: '' })).toEqual(['start: social.status.errors.startRequired']);
    expect(fail({ header: 'A', end: '2030-05-01T10:00' })).toEqual([]);
    for (const issue of ['headerRequired', 'headerTooLong', 'bodyTooLong', 'endBeforeStart', 'startRequired', 'dateInvalid'])
      for (const language of ['en', 'da', 'sv'] as const) expect(textAt(language, `social.status.errors.${issue}`), `${issue} ${language}`).toEqual(expect.any(String));
  });

  it('sends the contract’s AnnouncementBody: trimmed, instants in ISO, end null when empty', () => {
    const values = { ...emptyStatusForm(new Date(2030, 4, 1, 9, 30)), header: '  Course closed ', body: ' Snow ', end: '2030-05-02T18:00', priority: 'critical' as const };
    const body = statusBody(values);
    expect(body).toEqual({
      header: 'Course closed',
      priority: 'critical',
      body: 'Snow',
      start: new Date(2030, 4, 1, 9, 30).toISOString(),
      end: new Date(2030, 4, 2, 18, 0).toISOString(),
      channels: { rss: true, notification: false, facebook: false, national: false },
    });
    expect(AnnouncementBody.safeParse(body).success).toBe(true);
    expect(statusBody({ ...values, end: '' }).end).toBeNull();
    expect(toLocalInput(fromLocalInput('2030-12-24T07:05')!)).toBe('2030-12-24T07:05');
    expect(fromLocalInput('24-12-2030')).toBeNull();
    expect(statusField('body.end')).toBe('end');
    expect(statusField('header')).toBe('header');
    expect(statusField('channels.facebook')).toBeNull();
  });

  it('blocks Facebook without the Business plan and a channel that is not connected; unknown connections block nothing', () => {
    const list = [connection('facebook', { allowed_by_plan: false }), connection('national', { configured: true })];
    expect(channelBlock('facebook', list)).toBe('upgrade');
    expect(channelBlock('national', list)).toBe('connectFirst');
    expect(channelBlock('rss', list)).toBeNull();
    expect(channelBlock('national', [connection('national', { configured: false })])).toBe('notConfigured');
    expect(channelBlock('facebook', [FACEBOOK_CONNECTED])).toBeNull();
    expect(channelBlock('facebook', undefined)).toBeNull();
  });

  it('knows when a delivery is pending and when golfers see the status', () => {
    expect(hasPendingDelivery(null)).toBe(false);
    expect(hasPendingDelivery(announcement())).toBe(false);
    expect(hasPendingDelivery(announcement({ deliveries: [delivery('facebook', { state: 'pending' })] }))).toBe(true);
    expect(hasPendingDelivery(announcement({ deliveries: [delivery('notification', { push: { targeted: 3, delivered: 1, failed: 0, pending: 2 } })] }))).toBe(true);
    const now = new Date('2030-05-01T12:00:00.000Z');
    expect(visibility({ visible: true, start: '2030-05-01T06:00:00.000Z', end: null }, now)).toBe('now');
    expect(visibility({ visible: false, start: '2030-05-02T06:00:00.000Z', end: null }, now)).toBe('notYet');
    expect(visibility({ visible: false, start: '2030-04-01T06:00:00.000Z', end: '2030-04-02T06:00:00.000Z' }, now)).toBe('ended');
    for (const priority of STATUS_PRIORITIES) for (const language of ['en', 'da', 'sv'] as const) expect(textAt(language, `social.status.priorities.${priority}`)).toEqual(expect.any(String));
  });

  it('checks the connect form as the contract’s ConnectBody and picks what a card shows', () => {
    const fail = (values: object) => {
      const result = connectFormSchema.safeParse({ account_id: '1045', token: 'EAAB-token-1', ...values });
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(fail({})).toEqual([]);
    expect(fail({ account_id: '' })).toEqual(['social.connections.errors.accountIdRequired']);
    expect(fail({ account_id: 'my page' })).toEqual(['social.connections.errors.accountIdInvalid']);
    expect(fail({ token: 'short' })).toEqual(['social.connections.errors.tokenTooShort']);
    expect(fail({ token: 'has a space in it' })).toEqual(['social.connections.errors.tokenInvalid']);
    expect(ConnectBody.safeParse(connectBody({ account_id: ' 1045 ', token: ' EAAB-token-1 ' })).success).toBe(true);
    expect(connectionView(connection('facebook', { configured: false, allowed_by_plan: false }))).toBe('notConfigured');
    expect(connectionView(connection('facebook', { allowed_by_plan: false }))).toBe('upgrade');
    expect(connectionView(connection('national'))).toBe('connect');
    expect(connectionView(FACEBOOK_CONNECTED)).toBe('connected');
    expect(sortConnections([connection('national'), connection('facebook')]).map((c) => c.kind)).toEqual(['facebook', 'national']);
  });
});

describe('<StatusPage>', { timeout: 30_000 }, () => {
  it('shows the loading state, then that the club has no status', async () => {
    const answer = deferred();
    statusServer(null);
    fakeApi.get('clubs/1/announcement', async () => {
      await answer.promise;
      return json(null);
    });
    renderStatus();
    expect(screen.getByRole('heading', { name: 'Current status' })).toBeInTheDocument();
    expect(screen.queryByText('The club has no status')).not.toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByText('The club has no status')).toBeInTheDocument();
    expect(screen.queryByTestId('replaces-note')).not.toBeInTheDocument();
  });

  it('shows a load failure with Retry', async () => {
    statusServer(null);
    fakeApi.get('clubs/1/announcement', json({ error: 'Internal server error' }, 500));
    renderStatus();
    expect(await screen.findByText('The status could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('shows the current status: priority, text, times, visibility and where it went', async () => {
    statusServer(
      announcement({
        end: '2030-05-01T18:00:00.000Z',
        deliveries: [
          delivery('facebook', { external_id: '1045_99' }),
          delivery('notification', { notification_id: 7, push: { targeted: 40, delivered: 37, failed: 1, pending: 2 }, state: 'pending' }),
          delivery('rss', { external_id: 'status-1' }),
          delivery('national', { state: 'failed', error: 'National golf app failed: 500', error_code: 'communication.serviceFailed' }),
        ],
      }),
      [FACEBOOK_CONNECTED, connection('national', { connected: true, account_id: 'fjv' })],
    );
    renderStatus();
    const current = await screen.findByTestId('current-status');
    expect(within(current).getByTestId('status-header')).toHaveTextContent('Frost delay');
    expect(within(current).getByTestId('status-priority')).toHaveTextContent('Priority: Important');
    expect(within(current).getByTestId('status-priority')).toHaveClass('MuiChip-colorWarning');
    expect(within(current).getByTestId('status-visibility')).toHaveTextContent('Golfers see it now');
    expect(current).toHaveTextContent('Tee times move by one hour.');
    expect(current).toHaveTextContent('Posted');
    expect(current).toHaveTextContent('by Karen Holm');
    const list = within(current).getByRole('list', { name: 'Where it went' });
    // In the order of the form's channels.
    expect(within(list).getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual(['delivery-rss', 'delivery-notification', 'delivery-facebook', 'delivery-national']);
    expect(within(list).getByTestId('delivery-rss')).toHaveTextContent('Feed item status-1');
    expect(within(list).getByTestId('delivery-notification')).toHaveTextContent('37 delivered, 1 failed, 2 pending (of 40)');
    expect(within(list).getByTestId('delivery-facebook')).toHaveTextContent('Facebook post 1045_99');
    // A failure's code that names parameters the record lacks shows the server's own words.
    expect(within(list).getByTestId('delivery-national')).toHaveTextContent('Failed');
    expect(within(list).getByTestId('delivery-national')).toHaveTextContent('National golf app failed: 500');
    expect(within(current).getByRole('status')).toHaveTextContent('Updating the delivery…');
    expect(screen.getByTestId('replaces-note')).toHaveTextContent('Posting replaces the current status “Frost delay”.');
  });

  it('reloads the status every few seconds while a delivery is pending, and stops when all are done', async () => {
    const server = statusServer(announcement({ deliveries: [delivery('facebook', { state: 'pending' })] }), [FACEBOOK_CONNECTED, connection('national')]);
    renderStatus();
    const facebook = await screen.findByTestId('delivery-facebook');
    expect(facebook).toHaveTextContent('Pending');
    server.set(announcement({ deliveries: [delivery('facebook', { state: 'done', external_id: '1045_7' })] }));
    await waitFor(() => expect(screen.getByTestId('delivery-facebook')).toHaveTextContent('Facebook post 1045_7'), { timeout: PENDING_REFETCH_MS + 3000 });
    expect(screen.queryByText('Updating the delivery…')).not.toBeInTheDocument();
    const asked = fakeApi.sent('GET', '/api/clubs/1/announcement').length;
    await new Promise((resolve) => setTimeout(resolve, PENDING_REFETCH_MS + 500));
    expect(fakeApi.sent('GET', '/api/clubs/1/announcement').length).toBe(asked);
  });

  it('checks the form before sending: header required, text counter, end after start', async () => {
    statusServer(null);
    renderStatus();
    await screen.findByText('The club has no status');
    await userEvent.click(screen.getByRole('button', { name: 'Post status' }));
    expect(await screen.findByText('Write a header')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Text'), 'Snow');
    expect(screen.getByText('4 / 2000 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Header/ }), 'Course closed');
    fireEvent.change(screen.getByLabelText('Start *'), { target: { value: '2030-05-01T10:00' } });
    fireEvent.change(screen.getByLabelText('End (optional)'), { target: { value: '2030-05-01T09:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Post status' }));
    expect(await screen.findByText('The end must be after the start')).toBeInTheDocument();
    expect(fakeApi.sent('POST')).toEqual([]);
  });

  it('posts a new status with priority, end and channels; it replaces the shown one and the form empties', async () => {
    statusServer(announcement(), [FACEBOOK_CONNECTED, connection('national')]);
    renderStatus();
    await screen.findByTestId('current-status');
    await userEvent.type(screen.getByRole('textbox', { name: /Header/ }), '  Course open ');
    await userEvent.click(screen.getByRole('combobox', { name: 'Priority' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Critical' }));
    await userEvent.type(screen.getByLabelText('Text'), 'All 18 holes.');
    fireEvent.change(screen.getByLabelText('Start *'), { target: { value: '2030-05-01T10:00' } });
    fireEvent.change(screen.getByLabelText('End (optional)'), { target: { value: '2030-05-03T18:30' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Social media post (Facebook)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Notification to followers' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post status' }));
    expect(await screen.findByText('Status posted')).toBeInTheDocument();
    const [post] = fakeApi.sent('POST', '/api/clubs/1/announcement');
    expect(post.body).toEqual({
      header: 'Course open',
      priority: 'critical',
      body: 'All 18 holes.',
      start: new Date(2030, 4, 1, 10, 0).toISOString(),
      end: new Date(2030, 4, 3, 18, 30).toISOString(),
      channels: { rss: true, notification: true, facebook: true, national: false },
    });
    await waitFor(() => expect(screen.getByTestId('status-header')).toHaveTextContent('Course open'));
    expect(screen.getByTestId('status-priority')).toHaveTextContent('Priority: Critical');
    expect(screen.getByTestId('status-priority')).toHaveClass('MuiChip-colorError');
    expect(screen.getByTestId('delivery-facebook')).toHaveTextContent('Pending');
    expect(screen.getByRole('textbox', { name: /Header/ })).toHaveValue('');
  });

  it('shows the server’s refusal at its field and above the form, in the reader’s language', async () => {
    statusServer(null, [FACEBOOK_CONNECTED, connection('national')]);
    fakeApi.post('clubs/1/announcement', json({ error: 'Validation failed', details: [{ path: 'end', message: 'The end is after the start' }] }, 400), { once: true });
    renderStatus();
    await screen.findByText('The club has no status');
    await userEvent.type(screen.getByRole('textbox', { name: /Header/ }), 'Frost');
    await userEvent.click(screen.getByRole('button', { name: 'Post status' }));
    expect(await screen.findByText('The end is after the start')).toBeInTheDocument();
    expect(screen.getByText('Unable to post the status')).toBeInTheDocument();

    fakeApi.post('clubs/1/announcement', json({ error: 'Posting to Facebook needs the Business plan', code: 'communication.planNeeded' }, 403), { once: true });
    await userEvent.click(screen.getByRole('button', { name: 'Post status' }));
    await waitFor(() => expect(screen.getByTestId('post-failure')).toHaveTextContent('Posting to Facebook needs the Business plan'));
  });

  it('offers Facebook only on the Business plan and the national app only when connected', async () => {
    statusServer(null, [connection('facebook', { allowed_by_plan: false }), connection('national')]);
    renderStatus();
    await screen.findByText('The club has no status');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Social media post (Facebook)' })).toBeDisabled());
    expect(screen.getByTestId('channel-note-facebook')).toHaveTextContent('Upgrade to Business');
    expect(screen.getByRole('checkbox', { name: 'National golf app' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Connect the national golf app first' })).toHaveAttribute('href', '/1/some/connections');
    expect(screen.getByRole('checkbox', { name: 'RSS feed' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'RSS feed' })).toBeChecked();
  });

  it('says Connect Facebook first when the plan allows it but the page is not connected', async () => {
    statusServer(null, [connection('facebook'), connection('national', { configured: false })]);
    renderStatus();
    await screen.findByText('The club has no status');
    expect(await screen.findByRole('link', { name: 'Connect Facebook first' })).toHaveAttribute('href', '/1/some/connections');
    expect(screen.getByTestId('channel-note-national')).toHaveTextContent('This server is not set up for the national golf app.');
  });

  it('leaves the choice to the server when the connections cannot be read (a user with the club-status role only)', async () => {
    statusServer(null);
    fakeApi.get('clubs/1/connections', json({ error: 'This needs the role communication', code: 'auth.needsRole', params: { role: 'communication' } }, 403));
    renderStatus();
    expect(await screen.findByText('The connections could not be checked; the server says if a channel cannot be used.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Social media post (Facebook)' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'National golf app' })).toBeEnabled();
    expect(screen.queryByTestId('channel-note-facebook')).not.toBeInTheDocument();
  });

  it('deletes the status after confirming; Cancel keeps it', async () => {
    statusServer(announcement());
    renderStatus();
    await screen.findByTestId('current-status');
    await userEvent.click(screen.getByRole('button', { name: 'Delete status' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the status?' });
    expect(dialog).toHaveTextContent('Golfers will no longer see “Frost delay” in the app.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete status' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the status?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Status deleted')).toBeInTheDocument();
    expect(await screen.findByText('The club has no status')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true })).toEqual(['DELETE /api/clubs/1/announcement']);
  });
});

describe('<ConnectionsPage>', { timeout: 30_000 }, () => {
  /** The connections server: the list, PUT connects (answers the connection), DELETE disconnects. */
  function connectionsServer(initial: Connection[]) {
    let list = [...initial];
    fakeApi.get('clubs/1/connections', () => list);
    fakeApi.put('clubs/1/connections/:kind', ({ params, body }) => {
      const sent = body as { account_id: string };
      const made = connection(params.kind as Connection['kind'], { connected: true, account_id: sent.account_id, account_name: 'Fjordvang Golfklub', connected_at: '2030-05-01T10:00:00.000Z', connected_by: 'Karen Holm' });
      list = list.map((c) => (c.kind === made.kind ? made : c));
      return made;
    });
    fakeApi.delete('clubs/1/connections/:kind', ({ params }) => {
      list = list.map((c) => (c.kind === params.kind ? connection(c.kind) : c));
      return noContent();
    });
  }

  it('says what the club needs when the server lacks a service, and Upgrade to Business without the plan', async () => {
    connectionsServer([connection('facebook', { allowed_by_plan: false }), connection('national', { configured: false })]);
    renderConnections();
    const facebook = await screen.findByTestId('connection-facebook');
    expect(facebook).toHaveTextContent('Upgrade to Business');
    expect(facebook).toHaveTextContent('Posting to Facebook needs the Business plan.');
    expect(within(facebook).queryByRole('textbox')).not.toBeInTheDocument();
    const national = screen.getByTestId('connection-national');
    expect(national).toHaveTextContent('Not available on this server');
    expect(national).toHaveTextContent('the server’s administrator must set up the service'.replace('’', "'"));
    expect(within(national).queryByRole('button')).not.toBeInTheDocument();
  });

  it('checks the connect form, sends the id and token, and shows the connection', async () => {
    connectionsServer([connection('facebook'), connection('national')]);
    renderConnections();
    const facebook = await screen.findByTestId('connection-facebook');
    expect(within(facebook).getByLabelText('Page access token *')).toHaveAttribute('type', 'password');
    expect(facebook).toHaveTextContent('pages_manage_posts');
    await userEvent.click(within(facebook).getByRole('button', { name: 'Connect' }));
    expect(await within(facebook).findByText('Enter the id')).toBeInTheDocument();
    expect(within(facebook).getByText('Enter the token')).toBeInTheDocument();
    await userEvent.type(within(facebook).getByLabelText('Page id *'), 'my page');
    await userEvent.type(within(facebook).getByLabelText('Page access token *'), 'short');
    await userEvent.click(within(facebook).getByRole('button', { name: 'Connect' }));
    expect(await within(facebook).findByText('An id is letters, digits, hyphens or underscores')).toBeInTheDocument();
    expect(within(facebook).getByText('The token is at least 8 characters')).toBeInTheDocument();
    expect(fakeApi.sent('PUT')).toEqual([]);

    await userEvent.clear(within(facebook).getByLabelText('Page id *'));
    await userEvent.type(within(facebook).getByLabelText('Page id *'), '1045');
    await userEvent.clear(within(facebook).getByLabelText('Page access token *'));
    await userEvent.type(within(facebook).getByLabelText('Page access token *'), 'EAAB-page-token');
    await userEvent.click(within(facebook).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Facebook page connected')).toBeInTheDocument();
    expect(fakeApi.sent('PUT').map((r) => [r.url, r.body])).toEqual([['/api/clubs/1/connections/facebook', { account_id: '1045', token: 'EAAB-page-token' }]]);
    await waitFor(() => expect(within(screen.getByTestId('connection-facebook')).getByTestId('connection-account')).toHaveTextContent('Fjordvang Golfklub'));
    const card = screen.getByTestId('connection-facebook');
    expect(card).toHaveTextContent('Id 1045');
    expect(card).toHaveTextContent('by Karen Holm');
    expect(within(card).queryByLabelText(/token/i)).not.toBeInTheDocument();
  });

  it('shows the service’s refusal of a connect in the reader’s language', async () => {
    connectionsServer([connection('facebook'), connection('national')]);
    fakeApi.put('clubs/1/connections/:kind', json({ error: 'National golf app refused the connection: unknown club', code: 'communication.connectRefused', params: { service: 'National golf app', reason: 'unknown club' } }, 400));
    renderConnections();
    const national = await screen.findByTestId('connection-national');
    await userEvent.type(within(national).getByLabelText('Club id at the national golf app *'), 'fjv-123');
    await userEvent.type(within(national).getByLabelText('API token *'), 'national-token-1');
    await userEvent.click(within(national).getByRole('button', { name: 'Connect' }));
    expect(await within(national).findByTestId('connect-failure')).toHaveTextContent('National golf app refused the connection: unknown club');
    expect(screen.getByText('Unable to connect the national golf app')).toBeInTheDocument();
    // The token stays in the form to correct, and nothing else was sent.
    expect(fakeApi.calls({ writes: true })).toEqual(['PUT /api/clubs/1/connections/national']);
  });

  it('shows the last error and disconnects after confirming', async () => {
    connectionsServer([{ ...FACEBOOK_CONNECTED, last_error: 'Facebook failed: token expired' }, connection('national')]);
    renderConnections();
    const facebook = await screen.findByTestId('connection-facebook');
    expect(within(facebook).getByTestId('connection-last-error')).toHaveTextContent('Facebook failed: token expired');
    await userEvent.click(within(facebook).getByRole('button', { name: 'Disconnect Facebook page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Facebook page?' });
    expect(dialog).toHaveTextContent('no longer published to Fjordvang Golfklub');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Facebook page disconnected')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true })).toEqual(['DELETE /api/clubs/1/connections/facebook']);
    await waitFor(() => expect(within(screen.getByTestId('connection-facebook')).getByRole('button', { name: 'Connect' })).toBeInTheDocument());
  });

  it('says Unable to disconnect when the disconnect fails (§8), and the connection stays', async () => {
    connectionsServer([FACEBOOK_CONNECTED, connection('national')]);
    fakeApi.delete('clubs/1/connections/:kind', json({ error: 'Unable to disconnect', code: 'communication.disconnectFailed' }, 502));
    renderConnections();
    const facebook = await screen.findByTestId('connection-facebook');
    await userEvent.click(within(facebook).getByRole('button', { name: 'Disconnect Facebook page' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await within(screen.getByTestId('connection-facebook')).findByTestId('disconnect-failure')).toHaveTextContent('Unable to disconnect');
    expect(screen.getByTestId('connection-facebook')).toHaveTextContent('Connected');
    expect(within(screen.getByTestId('connection-facebook')).getByTestId('connection-account')).toHaveTextContent('Fjordvang Golfklub');
  });

  it('shows a load failure', async () => {
    fakeApi.get('clubs/1/connections', json({ error: 'Internal server error' }, 500));
    renderConnections();
    expect(await screen.findByText('The connections could not be loaded')).toBeInTheDocument();
  });
});
