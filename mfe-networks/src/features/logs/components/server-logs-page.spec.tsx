import { LOG_PAGE_DEFAULT, paths, type LogEntry, type Server } from '@outpost/contracts';
import { liveEventReceived } from '@outpost/api-client';
import { MESSAGES } from '@outpost/validation';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chatLine, everyKindOfLine, logTime, RUSTY, SNIPER } from '../../../test/log-entries';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import ServerLogsPage from './server-logs-page';

const api = setUpFakeApi();

type OpenOptions = { role?: 'admin' | 'member'; query?: string; lines?: (server: Server) => LogEntry[] };

const openLogs = (
  userId: string,
  { role = 'admin', query = '', lines = everyKindOfLine }: OpenOptions = {},
) => {
  const network = api.addNetwork('Rust Legends', 'ana');
  if (userId !== 'ana') api.addMember(network.id, userId, role);
  const server = api.addServer(network.id, 'EU Main', { status: 'online' });
  api.logEntries.push(...lines(server));
  const rendered = renderAs(
    userId,
    <ServerLogsPage />,
    atRoute(`${paths.serverArea(network.id, server.id, 'logs')}${query}`),
  );
  return { ...rendered, server, network, logsPath: `/api/servers/${server.id}/logs` };
};

const timeline = () => screen.getByRole('log', { name: 'Server logs' });
const rows = () => within(timeline()).queryAllByRole('listitem');
/** Each line as "<kind>: <text>". */
const printed = () =>
  rows().map(
    (row) =>
      `${row.querySelector('.op-badge')?.textContent}: ${row.querySelector('.net-log__text')?.textContent}`,
  );
const chip = (name: string) => screen.getByRole('button', { name });

/** `count` chat lines a second apart, the newest last. */
const manyLines = (count: number) => (server: Server) =>
  Array.from({ length: count }, (_, n) => ({
    ...chatLine(server, `m${String(n).padStart(3, '0')}`, 0, `line ${n}`),
    at: new Date(Date.UTC(2026, 0, 5, 10, 0, n)).toISOString(),
  }));

describe('the Logs area', () => {
  it('shows every kind of line, newest first, with its time, kind and links to the players', async () => {
    const { server, network } = openLogs('bo');
    await screen.findByRole('log', { name: 'Server logs' });

    expect(printed()).toEqual([
      'Console: warning Saving 1500 entities',
      'Report: Rusty reported Sniper: Cheating — aimbot for sure',
      'Kill: Sniper killed Rusty with Bolt Action Rifle (120 m, headshot)',
      'Leave: Rusty left (Disconnected)',
      'Join: Sniper joined (IP 203.0.113.5)',
      'Chat: [Team] Rusty: base at B4',
      'Chat: Rusty: hello all',
    ]);
    const kill = rows()[2];
    expect(within(kill).getByRole('link', { name: 'Sniper' })).toHaveAttribute(
      'href',
      paths.playerProfile(network.id, SNIPER.steamId),
    );
    expect(within(kill).getByRole('link', { name: 'Rusty' })).toHaveAttribute(
      'href',
      paths.playerProfile(network.id, RUSTY.steamId),
    );
    expect(kill.querySelector('time')).toHaveAttribute('dateTime', everyKindOfLine(server)[4].at);
    // One server's timeline does not name the server on each line.
    expect(within(timeline()).queryByText('EU Main')).not.toBeInTheDocument();
    expect(screen.getByText('No older lines')).toBeInTheDocument();
  });

  it('shows a member the same lines without the IPs and the console output, and no Console chip', async () => {
    openLogs('cy', { role: 'member' });
    await screen.findByRole('log', { name: 'Server logs' });
    expect(printed()).toContain('Join: Sniper joined');
    expect(printed().some((line) => line.startsWith('Console:'))).toBe(false);
    expect(screen.queryByText(/203\.0\.113\.5/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Console' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log' })).toBeInTheDocument();
  });

  it('asks again when a chip, the search or the time range changes, and keeps them in the address', async () => {
    const { user, logsPath } = openLogs('ana');
    await screen.findByRole('log', { name: 'Server logs' });
    expect(chip('Chat')).toHaveAttribute('aria-pressed', 'true');

    await user.click(chip('Chat'));
    expect(chip('Chat')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(lastQuery(logsPath)?.get('types')).toBe('connect,disconnect,kill,report,console,log'),
    );
    await waitFor(() => expect(printed()).not.toContain('Chat: Rusty: hello all'));
    expect(printed()).toHaveLength(5);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sniper');
    await waitFor(() => expect(lastQuery(logsPath)?.get('search')).toBe('sniper'));
    // Typing is debounced: one call for the whole word, not one per letter.
    expect(api.callsTo('GET', logsPath).filter((call) => call.query.has('search'))).toHaveLength(1);
    await waitFor(() =>
      expect(printed()).toEqual([
        'Report: Rusty reported Sniper: Cheating — aimbot for sure',
        'Kill: Sniper killed Rusty with Bolt Action Rifle (120 m, headshot)',
        'Join: Sniper joined (IP 203.0.113.5)',
      ]),
    );
    expect(screen.getByTestId('router-location')).toHaveTextContent(
      /types=connect%2Cdisconnect.*search=sniper/,
    );

    await user.type(screen.getByLabelText('To'), '2026-01-05T11:03');
    await waitFor(() =>
      expect(lastQuery(logsPath)?.get('to')).toBe(new Date(2026, 0, 5, 11, 3, 59, 999).toISOString()),
    );
  });

  it('opens with the filters the address carries', async () => {
    const { logsPath } = openLogs('ana', { query: '?types=kill&search=rusty' });
    await screen.findByRole('log', { name: 'Server logs' });
    expect(printed()).toEqual(['Kill: Sniper killed Rusty with Bolt Action Rifle (120 m, headshot)']);
    expect(lastQuery(logsPath)?.get('types')).toBe('kill');
    expect(chip('Kills')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('Chat')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('rusty');
  });

  it('appends the older page under the newest with Load older, until there is none', async () => {
    const { user, logsPath } = openLogs('ana', { lines: manyLines(LOG_PAGE_DEFAULT + 10) });
    await screen.findByRole('log', { name: 'Server logs' });
    expect(rows()).toHaveLength(LOG_PAGE_DEFAULT);
    expect(printed()[0]).toBe(`Chat: Rusty: line ${LOG_PAGE_DEFAULT + 9}`);

    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(rows()).toHaveLength(LOG_PAGE_DEFAULT + 10));
    expect(printed()[0]).toBe(`Chat: Rusty: line ${LOG_PAGE_DEFAULT + 9}`);
    expect(printed().at(-1)).toBe('Chat: Rusty: line 0');
    const [first, second] = api.callsTo('GET', logsPath);
    expect(first.query.has('before')).toBe(false);
    expect(second.query.get('before')).toEqual(expect.any(String));
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    expect(screen.getByText('No older lines')).toBeInTheDocument();
  });

  it('says when the server has no lines yet, and when none match the filters', async () => {
    const { user } = openLogs('ana', { lines: () => [] });
    expect(await screen.findByRole('heading', { name: 'No log lines yet' })).toBeInTheDocument();

    await user.click(chip('Kills'));
    expect(
      await screen.findByRole('heading', { name: 'No log lines match these filters' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { name: 'No log lines yet' })).toBeInTheDocument();
    expect(chip('Kills')).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks nothing for a range that ends before it starts, or with every kind switched off', async () => {
    const { logsPath } = openLogs('ana', { query: '?from=2026-01-05T12:00&to=2026-01-05T11:00' });
    expect(await screen.findByText(MESSAGES.logsRange)).toBeInTheDocument();
    expect(api.callsTo('GET', logsPath)).toHaveLength(0);
    cleanup();

    const other = openLogs('ana', { query: '?types=' });
    expect(await screen.findByText('Choose at least one kind of line to show.')).toBeInTheDocument();
    expect(chip('Chat')).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('GET', other.logsPath)).toHaveLength(0);
  });

  it('shows a line from the live stream on top, or behind "1 new" while the reader is further down', async () => {
    const { store, server, network } = openLogs('ana', { query: '?types=chat' });
    await screen.findByRole('log', { name: 'Server logs' });
    const arrive = (entry: LogEntry) =>
      store.dispatch(
        liveEventReceived({ type: 'log.entry', networkId: network.id, serverId: server.id, entry }),
      );

    arrive(chatLine(server, 'live-1', 20, 'gg'));
    await waitFor(() => expect(printed()[0]).toBe('Chat: Rusty: gg'));
    // Not a chat line: this timeline shows chat only.
    arrive({ ...everyKindOfLine(server)[4], id: 'live-kill', at: logTime(21) });

    fireEvent.scroll(timeline(), { target: { scrollTop: 400 } });
    arrive(chatLine(server, 'live-2', 22, 'wp'));
    expect(await screen.findByRole('button', { name: '1 new' })).toBeInTheDocument();
    expect(printed()[0]).toBe('Chat: Rusty: gg');
    expect(printed()).toHaveLength(3);
  });

  it('says when the logs failed to load, with the API’s message, and tries again', async () => {
    const { user } = openLogs('ana');
    api.failures.set('GET /api/servers/:id/logs', {
      status: 400,
      body: {
        success: false,
        error: 'Invalid input',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'before', message: MESSAGES.logsCursor }],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load logs');
    expect(alert).toHaveTextContent(MESSAGES.logsCursor);

    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('log', { name: 'Server logs' })).toBeInTheDocument();
  });
});

const lastQuery = (path: string) => api.callsTo('GET', path).at(-1)?.query;
