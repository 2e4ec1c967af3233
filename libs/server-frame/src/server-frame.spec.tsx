import { paths, type Server } from '@outpost/contracts';
import { renderWithProviders } from '@outpost/testing';
import { screen, within } from '@testing-library/react';
import { ServerFrame } from './server-frame';

const server: Server = {
  id: 'srv-1',
  networkId: 'net-1',
  name: 'EU Main',
  actualName: null,
  status: 'online',
  address: '',
  connectionAddress: '203.0.113.10:28015',
  playerCount: 3,
  maxPlayers: 50,
  map: 'Procedural Map',
  uptime: 600,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const renderFrame = (role: 'admin' | 'member', area: 'players' | 'console', content: string) =>
  renderWithProviders(
    <ServerFrame networkId="net-1" server={server} role={role} area={area}>
      <p>{content}</p>
    </ServerFrame>,
    { route: paths.serverArea('net-1', 'srv-1', area) },
  );

const nav = () => screen.getByRole('navigation', { name: 'Server areas' });

describe('the server frame', () => {
  it('links every area from the route registry, the open one marked, with the server header', () => {
    renderFrame('admin', 'players', 'the players');
    expect(screen.getByRole('heading', { level: 1, name: 'EU Main' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Players' })).toBeInTheDocument();
    expect(screen.getByText('the players')).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Players' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'href',
      paths.server('net-1', 'srv-1'),
    );
    expect(within(nav()).getByRole('link', { name: 'Console' })).toHaveAttribute(
      'href',
      paths.serverArea('net-1', 'srv-1', 'console'),
    );
    expect(within(nav()).getByRole('link', { name: 'Punishments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Network' })).toHaveAttribute(
      'href',
      paths.network('net-1'),
    );
  });

  it('shows a member no console link, and no permission on a console address typed in', () => {
    renderFrame('member', 'console', 'the prompt');
    expect(within(nav()).queryByRole('link', { name: 'Console' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Audit Log' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Players' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No permission' })).toBeInTheDocument();
    expect(screen.getByText(/Only owners, admins and moderators can/)).toBeInTheDocument();
    expect(screen.queryByText('the prompt')).not.toBeInTheDocument();
  });
});
