import { liveEventReceived } from '@outpost/api-client';
import { DEMO_READ_ONLY_MESSAGE, paths, type Alert, type AlertInbox } from '@outpost/contracts';
import { FakeHttpApi, renderAs, setUpFakeServer, type FakeReply, type FakeRequest } from '@outpost/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { AlertBell, alertLink, bellLabel } from './alert-bell';

/** The inbox routes as the API answers them: the latest alerts and an unread count per user. */
class FakeInboxApi extends FakeHttpApi {
  inbox: AlertInbox = { unread: 0, alerts: [] };
  failReads = false;

  protected clear(): void {
    this.inbox = { unread: 0, alerts: [] };
    this.failReads = false;
  }

  protected answer({ method, path, userId }: FakeRequest): FakeReply {
    if (!userId)
      return {
        status: 401,
        body: { success: false, error: 'Authentication required', code: 'UNAUTHORIZED' },
      };
    if (method === 'GET' && path === '/api/alerts/inbox')
      return this.failReads
        ? {
            status: 503,
            body: { success: false, error: 'The database is unavailable', code: 'DB_UNAVAILABLE' },
          }
        : { status: 200, body: { success: true, data: this.inbox } };
    if (method === 'POST' && path === '/api/alerts/inbox/read') {
      this.inbox.unread = 0;
      return { status: 200, body: { success: true, data: null } };
    }
    return { status: 404, body: { success: false, error: `No route ${method} ${path}`, code: 'NOT_FOUND' } };
  }
}

const api = setUpFakeServer(new FakeInboxApi());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const alert = (id: string, fields: Partial<Alert> = {}): Alert => ({
  id,
  networkId: 'net-1',
  networkName: 'Rust Legends',
  serverId: 'srv-1',
  serverName: 'EU Main',
  ruleId: 'rule-1',
  kind: 'server_offline',
  title: 'EU Main is offline',
  state: 'firing',
  firedAt: minutesAgo(5),
  resolvedAt: null,
  flaps: 0,
  deliveries: [],
  ...fields,
});

describe('the alerts bell', () => {
  it('names the unread count, lists the latest alerts linking to their areas, and marks all read', async () => {
    api.inbox = {
      unread: 2,
      alerts: [
        alert('a2'),
        alert('a1', {
          serverId: null,
          serverName: null,
          kind: 'member_joins',
          title: 'Mia joined Rust Legends',
          state: 'resolved',
          firedAt: minutesAgo(120),
        }),
      ],
    };
    const { user } = renderAs('ana', <AlertBell />);
    const bell = await screen.findByRole('button', { name: 'Alerts, 2 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell);
    const popover = screen.getByRole('dialog', { name: 'Alerts' });
    const items = within(popover).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      'EU Main is offlineFiring · EU Main · 5 minutes ago',
      'Mia joined Rust LegendsResolved · Rust Legends · 2 hours ago',
    ]);
    expect(items[0]).toHaveAttribute('href', paths.serverArea('net-1', 'srv-1', 'alerts'));
    expect(items[1]).toHaveAttribute('href', `${paths.network('net-1')}?tab=alerts`);

    await user.click(within(popover).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Alerts, 0 unread' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/alerts/inbox/read')).toHaveLength(1);
    expect(within(popover).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    api.inbox = { unread: 1, alerts: [alert('a1')] };
    const { user } = renderAs('ana', <AlertBell />);
    const bell = await screen.findByRole('button', { name: 'Alerts, 1 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const popover = screen.getByRole('dialog', { name: 'Alerts' });
    expect(within(popover).getByRole('button', { name: 'Mark all read' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('follows alert.changed without a reload: a new alert on top, counted unread', async () => {
    api.inbox = { unread: 0, alerts: [] };
    const { user, store } = renderAs('ana', <AlertBell />);
    const bell = await screen.findByRole('button', { name: 'Alerts, 0 unread' });
    await user.click(bell);
    expect(screen.getByText('No alerts yet. When a rule fires, it shows here.')).toBeInTheDocument();

    const fired = alert('a9', {
      title: 'US West is offline',
      serverName: 'US West',
      firedAt: new Date().toISOString(),
    });
    // The API's own inbox has it too by the time the bell reads it again.
    api.inbox = { unread: 1, alerts: [fired] };
    store.dispatch(liveEventReceived({ type: 'alert.changed', networkId: 'net-1', alert: fired }));
    expect(await screen.findByRole('button', { name: 'Alerts, 1 unread' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Alerts' })).getByRole('link')).toHaveTextContent(
      'US West is offlineFiring · US West · Just now',
    );

    // Resolved: the same alert changes in place, the count stays.
    const resolved = { ...fired, state: 'resolved' as const, resolvedAt: new Date().toISOString() };
    api.inbox = { unread: 1, alerts: [resolved] };
    store.dispatch(liveEventReceived({ type: 'alert.changed', networkId: 'net-1', alert: resolved }));
    await waitFor(() =>
      expect(within(screen.getByRole('dialog', { name: 'Alerts' })).getByRole('link')).toHaveTextContent(
        /Resolved/,
      ),
    );
    expect(screen.getByRole('button', { name: 'Alerts, 1 unread' })).toBeInTheDocument();
  });

  it('lets the demo read its bell but not mark it read', async () => {
    api.inbox = { unread: 1, alerts: [alert('a1')] };
    const { user } = renderAs('demo-user-id', <AlertBell />, { demo: true });
    await user.click(await screen.findByRole('button', { name: 'Alerts, 1 unread' }));
    const markAll = within(screen.getByRole('dialog', { name: 'Alerts' })).getByRole('button', {
      name: 'Mark all read',
    });
    expect(markAll).toBeDisabled();
    expect(markAll).toHaveAttribute('title', DEMO_READ_ONLY_MESSAGE);
  });

  it('says so when the inbox cannot be read', async () => {
    api.failReads = true;
    const { user } = renderAs('ana', <AlertBell />);
    const bell = await screen.findByRole('button', { name: 'Alerts, 0 unread' });
    await user.click(bell);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load alerts.');
  });

  it('builds its name and links from the route registry', () => {
    expect(bellLabel(3)).toBe('Alerts, 3 unread');
    expect(alertLink({ networkId: 'n', serverId: 's' })).toBe(paths.serverArea('n', 's', 'alerts'));
  });
});
