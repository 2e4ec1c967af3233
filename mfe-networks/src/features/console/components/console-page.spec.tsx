import { paths, type ConsoleEntry } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import ConsolePage from './console-page';

const api = setUpFakeApi();

const line = (id: string, message: string, second = 0): ConsoleEntry => ({
  kind: 'line',
  id,
  level: 'info',
  message,
  at: new Date(Date.UTC(2026, 0, 5, 11, 0, second)).toISOString(),
});

const openConsole = (userId: string, role: 'admin' | 'member' = 'admin', demo = false) => {
  const network = api.addNetwork('Rust Legends', 'ana');
  if (userId !== 'ana') api.addMember(network.id, userId, role);
  const server = api.addServer(network.id, 'EU Main', { status: 'online' });
  const rendered = renderAs(userId, <ConsolePage />, {
    ...atRoute(paths.serverArea(network.id, server.id, 'console')),
    demo,
  });
  return { ...rendered, server };
};

const log = () => screen.getByRole('log', { name: 'Console output' });

describe('the console', () => {
  it("shows the demo (an admin's view) the output and the prompt, disabled: the demo is read-only", async () => {
    openConsole('demo', 'admin', true);
    const input = await screen.findByRole('textbox', { name: 'Command' });
    expect(log()).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', 'The demo is read-only');
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run' })).toHaveAttribute('title', 'The demo is read-only');
  });

  it('runs a command, shows it pending, then its output when the server answers', async () => {
    const { user, server } = openConsole('bo');
    const input = await screen.findByRole('textbox', { name: 'Command' });
    await user.type(input, 'status{Enter}');

    await waitFor(() => expect(input).toHaveValue(''));
    expect(api.callsTo('POST', `/api/servers/${server.id}/console`)[0]?.body).toEqual({ command: 'status' });
    expect(await within(log()).findByText('> status (bo)')).toBeInTheDocument();
    expect(within(log()).getByText(/pending/)).toBeInTheDocument();

    const [sent] = api.consoleEntries.get(server.id)!;
    Object.assign(sent, { status: 'succeeded', output: 'hostname: EU Main\nplayers : 3 (50 max)' });
    // The open console refreshes itself: no reload, no click.
    expect(
      await within(log()).findByText('players : 3 (50 max)', {}, { timeout: 4_000 }),
    ).toBeInTheDocument();
    expect(within(log()).getByText('hostname: EU Main')).toBeInTheDocument();
    expect(within(log()).queryByText(/pending/)).not.toBeInTheDocument();
  });

  it('says so when a command failed', async () => {
    const { server } = openConsole('ana');
    api.addConsoleEntries(server.id, {
      kind: 'command',
      id: 'c1',
      command: 'oxide.reload all',
      status: 'failed',
      output: 'Unknown command: oxide.reload',
      by: { id: 'ana', name: 'ana' },
      at: '2026-01-05T11:00:00.000Z',
      completedAt: '2026-01-05T11:00:01.000Z',
    });
    expect(await screen.findByText('Failed:')).toHaveClass('net-console__line--failed');
    expect(screen.getByText('Unknown command: oxide.reload')).toBeInTheDocument();
  });

  it('recalls earlier commands with ↑ and ↓, back to what was being typed', async () => {
    const { user } = openConsole('ana');
    const input = await screen.findByRole('textbox', { name: 'Command' });
    await user.type(input, 'status{Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    await user.type(input, 'say hello{Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    await user.type(input, 'kick');

    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('say hello');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('status');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('status');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('say hello');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('kick');
  });

  it('clears the view with Ctrl+L, and shows what arrives afterwards', async () => {
    const { user, server } = openConsole('ana');
    api.addConsoleEntries(server.id, line('l1', 'Saving complete'));
    expect(await screen.findByText(/Saving complete/)).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Command' }));
    await user.keyboard('{Control>}l{/Control}');
    expect(screen.queryByText(/Saving complete/)).not.toBeInTheDocument();
    expect(within(log()).getByText('View cleared. New output appears here.')).toBeInTheDocument();

    api.addConsoleEntries(server.id, line('l2', 'Player joined', 5));
    expect(await screen.findByText(/Player joined/, {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Saving complete/)).not.toBeInTheDocument();
  });

  it('prints what the server sends as text, never as markup', async () => {
    const { server, container } = openConsole('ana');
    const markup = '<img src=x onerror=alert(1)><b>bold</b>';
    api.addConsoleEntries(server.id, line('l1', markup));
    expect(await screen.findByText(new RegExp('<b>bold</b>'))).toHaveTextContent(markup);
    expect(container.querySelector('.net-console__log img, .net-console__log b')).toBeNull();
  });

  it('shows the API’s message when commands come too fast (429)', async () => {
    const { user } = openConsole('ana');
    api.failures.set('POST /api/servers/:id/console', {
      status: 429,
      body: { success: false, error: 'Too many commands: try again in 40 seconds', code: 'RATE_LIMITED' },
    });
    const input = await screen.findByRole('textbox', { name: 'Command' });
    await user.type(input, 'status{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many commands: try again in 40 seconds');
    // The text stays, to be sent again later.
    expect(input).toHaveValue('status');
  });

  it('gives a member no prompt and no console link, and says they lack permission', async () => {
    openConsole('cy', 'member');
    expect(await screen.findByRole('heading', { name: 'No permission' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Command' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.endsWith('/console'))).toBe(false);
  });
});
