import { paths } from '@outpost/contracts';
import { screen, within } from '@testing-library/react';
import { renderAs, setUpFakeApi } from '../../../test/render';
import DashboardPage from './dashboard-page';

const api = setUpFakeApi();

const stat = (label: string) => screen.getByText(label, { selector: '.op-stat__label' }).nextSibling;

describe('the dashboard', () => {
  it('welcomes the user and shows real figures, recent activity and quick actions', async () => {
    const network = api.addNetwork('Rust Legends', 'ana');
    api.addServer(network.id, 'EU Main', { status: 'online', playerCount: 12 });
    api.addServer(network.id, 'US Test');
    api.activity = [
      {
        id: 'a1',
        action: 'server.added',
        networkId: network.id,
        networkName: 'Rust Legends',
        actorId: 'ana',
        actorName: 'Ana',
        targetType: 'server',
        targetId: 'srv-1',
        targetName: 'EU Main',
        details: {},
        createdAt: new Date().toISOString(),
      },
    ];
    renderAs('ana', <DashboardPage />, { route: paths.dashboard() });

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, ana' })).toBeInTheDocument();
    await screen.findByText('Total Servers');
    expect(stat('Networks')).toHaveTextContent('1');
    expect(stat('Total Servers')).toHaveTextContent('2');
    expect(stat('Online Players')).toHaveTextContent('12');
    expect(stat('Servers Online')).toHaveTextContent('1');

    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    const link = await within(activity).findByRole('link', {
      name: 'Ana added the server EU Main to Rust Legends',
    });
    expect(link).toHaveAttribute('href', paths.network(network.id));
    expect(within(activity).getByText('Just now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Networks' })).toHaveAttribute('href', paths.networks());
    expect(screen.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', paths.profile());
  });

  it('has an empty activity list and an error state with Try Again', async () => {
    api.failures.set('GET /api/dashboard/summary', { status: 500, body: {} });
    const { user } = renderAs('ana', <DashboardPage />, { route: paths.dashboard() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load dashboard');

    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No recent activity' })).toBeInTheDocument();
  });

  it('keeps the cards when Recent Activity fails, and retries it alone', async () => {
    api.addNetwork('Rust Legends', 'ana');
    api.failures.set('GET /api/dashboard/activity', { status: 500, body: {} });
    const { user } = renderAs('ana', <DashboardPage />, { route: paths.dashboard() });
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    const alert = await within(activity).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load recent activity');
    expect(stat('Networks')).toHaveTextContent('1');
    api.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(activity).findByRole('heading', { name: 'No recent activity' })).toBeInTheDocument();
  });
});
