import { configureApiClient } from '@outpost/api-client';
import { paths } from '@outpost/contracts';
import { screen, within } from '@testing-library/react';
import { renderAs, setUpFakeAccountApi } from '../../../test/render';
import LoginPage from './login-page';

const api = setUpFakeAccountApi();

describe('the login page', () => {
  it('sends a magic link to the panel’s handler and says which inbox to check', async () => {
    const { user } = renderAs(null, <LoginPage />, { route: paths.login() });
    await user.type(screen.getByLabelText('E-mail', { exact: true }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent a sign-in link to ana@example.com');
    const [call] = api.callsTo('POST', '/v1/account/tokens/magic-url');
    expect(call.body).toEqual({
      userId: expect.stringMatching(/^[0-9a-f]{20}$/),
      email: 'ana@example.com',
      url: `${location.origin}${paths.magicLink()}`,
    });

    await user.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    expect(screen.getByLabelText('E-mail', { exact: true })).toBeInTheDocument();
  });

  it('checks the address before asking the server', async () => {
    const { user } = renderAs(null, <LoginPage />);
    await user.type(screen.getByLabelText('E-mail', { exact: true }), 'not-an-address');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail', { exact: true })).toHaveFocus();
    expect(api.callsTo('POST', '/v1/account/tokens/magic-url')).toHaveLength(0);
  });

  it('links each provider to the API’s OAuth route with this panel’s result pages', () => {
    renderAs(null, <LoginPage />);
    for (const [label, provider] of [
      ['Discord', 'discord'],
      ['Google', 'google'],
      ['GitHub', 'github'],
    ]) {
      const href = new URL(
        screen.getByRole('link', { name: `Continue with ${label}` }).getAttribute('href')!,
      );
      expect(href.pathname).toBe(`/v1/account/sessions/oauth2/${provider}`);
      expect(href.searchParams.get('success')).toBe(`${location.origin}${paths.oauthSuccess()}`);
      expect(href.searchParams.get('failure')).toBe(`${location.origin}${paths.oauthFailure()}`);
    }
  });

  it('offers only the providers this panel has configured, and no divider when there are none', () => {
    configureApiClient({ signInProviders: ['github'] });
    try {
      const { unmount } = renderAs(null, <LoginPage />);
      const providers = screen.getByRole('list', { name: 'Sign in with a provider' });
      expect(
        within(providers)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Continue with GitHub']);
      unmount();
      configureApiClient({ signInProviders: [] });
      renderAs(null, <LoginPage />);
      expect(screen.queryByRole('list', { name: 'Sign in with a provider' })).not.toBeInTheDocument();
      expect(screen.queryByText('or')).not.toBeInTheDocument();
      // The e-mail link stays: it needs no provider.
      expect(screen.getByRole('button', { name: 'Send sign-in link' })).toBeEnabled();
    } finally {
      configureApiClient({ signInProviders: ['discord', 'google', 'github'] });
    }
  });

  it('offers the demo only when the panel has it on', () => {
    configureApiClient({ demo: false });
    const { unmount } = renderAs(null, <LoginPage />);
    expect(screen.queryByRole('button', { name: 'View Live Demo' })).not.toBeInTheDocument();
    unmount();
    configureApiClient({ demo: true });
    renderAs(null, <LoginPage />);
    expect(screen.getByRole('button', { name: 'View Live Demo' })).toBeEnabled();
  });
});
