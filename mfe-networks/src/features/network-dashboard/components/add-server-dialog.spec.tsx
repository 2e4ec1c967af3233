import { paths } from '@outpost/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { atRoute, renderAs, setUpFakeApi } from '../../../test/render';
import NetworkDashboardPage from './network-dashboard-page';

const api = setUpFakeApi();

const openAddServer = async () => {
  const network = api.addNetwork('Rust Legends', 'ana');
  const rendered = renderAs('ana', <NetworkDashboardPage />, atRoute(paths.network(network.id)));
  await rendered.user.click(await screen.findByRole('button', { name: 'Add Server' }));
  return { ...rendered, network, dialog: screen.getByRole('dialog', { name: 'Add Server' }) };
};

describe('Add Server', () => {
  it.each([
    ['', 'Server name is required'],
    ['   ', 'Server name is required'],
    ['x'.repeat(51), 'Server name must be less than 50 characters'],
    [
      'EU <Main>',
      'Server name contains invalid characters. Use only letters, numbers, spaces, and basic punctuation.',
    ],
  ])('shows the first error for %j on submit, and sends nothing', async (name, message) => {
    const { user, dialog } = await openAddServer();
    if (name) await user.type(within(dialog).getByLabelText('Server Name'), name);
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(within(dialog).getByLabelText('Server Name')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(within(dialog).getByLabelText('Server Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('requires a connection address', async () => {
    const { user, dialog } = await openAddServer();
    await user.type(within(dialog).getByLabelText('Server Name'), 'EU Main');
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(within(dialog).getByText('Connection address is required')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('checks the connection address format', async () => {
    const { user, dialog } = await openAddServer();
    await user.type(within(dialog).getByLabelText('Server Name'), 'EU Main');
    await user.type(within(dialog).getByLabelText('Connection Address'), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(
      within(dialog).getByText('Connection address must be in the format IP:PORT or DOMAIN:PORT'),
    ).toBeInTheDocument();
  });

  it('adds the server, shows its token once, and closes on Done with the server listed', async () => {
    const { user, dialog, network } = await openAddServer();
    await user.type(within(dialog).getByLabelText('Server Name'), 'EU Main (Weekly)');
    await user.type(within(dialog).getByLabelText('Connection Address'), '203.0.113.10:28015');
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));

    const tokenDialog = await screen.findByRole('dialog', { name: 'Server Token Created' });
    const server = api.servers[0];
    expect(within(tokenDialog).getByLabelText('Server Token')).toHaveValue(`opsrv_${server.id}_secret`);
    expect(within(tokenDialog).getByRole('button', { name: 'Copy Token' })).toBeInTheDocument();
    // How servers really connect: WebRCON or the bridge; a plugin only if it speaks the protocol.
    expect(tokenDialog).toHaveTextContent(
      'Connect it through WebRCON on its page, or run the Outpost bridge',
    );
    expect(tokenDialog).not.toHaveTextContent("Outpost plugin's config");
    const { query: _query, ...sent } = api.calls.find((call) => call.method === 'POST')!;
    expect(sent).toEqual({
      method: 'POST',
      path: `/api/servers/network/${network.id}`,
      body: { name: 'EU Main (Weekly)', connectionAddress: '203.0.113.10:28015' },
    });

    await user.click(within(tokenDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'EU Main (Weekly)' })).toBeInTheDocument();
  });

  it("shows the API's failure in the modal", async () => {
    const { user, dialog } = await openAddServer();
    api.failures.set('POST /api/servers/network/:id', {
      status: 403,
      body: { success: false, error: 'The demo is read-only', code: 'DEMO_READ_ONLY' },
    });
    await user.type(within(dialog).getByLabelText('Server Name'), 'EU Main');
    await user.type(within(dialog).getByLabelText(/Connection Address/), 'play.example.com:28015');
    await user.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('The demo is read-only'));
  });
});
