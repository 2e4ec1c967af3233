import { configureApiClient } from '@outpost/api-client';
import { DEMO_USER_ID } from '@outpost/contracts';
import { renderWithProviders } from '@outpost/testing';
import { screen } from '@testing-library/react';
import { planBadge, UserMenu } from './user-menu';

describe('planBadge', () => {
  it('shows DEMO, the plan name in upper case, or FREE', () => {
    expect(planBadge(true, undefined)).toBe('DEMO');
    expect(planBadge(false, { isUpgraded: true, plan: 'premium' })).toBe('PREMIUM');
    expect(planBadge(false, { isUpgraded: false, plan: 'free' })).toBe('FREE');
    expect(planBadge(false, undefined)).toBe('FREE');
  });
});

describe('UserMenu', () => {
  // The profile call goes to a closed port: the menu must work before (or without) the profile.
  beforeAll(() => configureApiClient({ baseUrl: 'http://127.0.0.1:9' }));
  afterAll(() => configureApiClient({ baseUrl: '' }));

  const signedIn = (id: string) => ({
    auth: {
      status: id === DEMO_USER_ID ? ('demo' as const) : ('signed-in' as const),
      user: { $id: id, email: 'rust@example.com', name: 'Rusty', emailVerification: true },
      jwt: null,
    },
  });

  it('shows the avatar initials and the menu items; keyboard opens and Escape closes it', async () => {
    const { user } = renderWithProviders(<UserMenu />, { preloadedState: signedIn('u1') });
    expect(screen.getByText('RU')).toBeInTheDocument();
    expect(screen.getByTestId('plan-badge')).toHaveTextContent('FREE');

    await user.click(screen.getByRole('button', { name: /Rusty/ }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    // No chat is offered: this panel's operator named none (COMMUNITY_INVITE_URL unset).
    expect(items).toEqual(['Upgrade to Pro', 'Profile Settings', 'Networks', 'Sign Out']);
    expect(screen.getByRole('menuitem', { name: 'Upgrade to Pro' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('links Join Discord to the community invite the panel is configured with', async () => {
    const invite = 'https://chat.example/our-invite';
    configureApiClient({ community: { inviteUrl: invite, widgetServerId: null } });
    try {
      const { user } = renderWithProviders(<UserMenu />, { preloadedState: signedIn('u1') });
      await user.click(screen.getByRole('button', { name: /Rusty/ }));
      expect(screen.getByRole('menuitem', { name: 'Join Discord' })).toHaveAttribute('href', invite);
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Upgrade to Pro',
        'Profile Settings',
        'Networks',
        'Join Discord',
        'Sign Out',
      ]);
    } finally {
      configureApiClient({ community: { inviteUrl: null, widgetServerId: null } });
    }
  });

  it('gives the demo user the DEMO badge and no upgrade item', async () => {
    const { user } = renderWithProviders(<UserMenu />, { preloadedState: signedIn(DEMO_USER_ID) });
    expect(screen.getByTestId('plan-badge')).toHaveTextContent('DEMO');
    await user.click(screen.getByRole('button', { name: /Rusty/ }));
    expect(screen.queryByRole('menuitem', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });
});
