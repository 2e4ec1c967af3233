import { LOCATION_TEST_ID } from '@outpost/testing';
import { paths } from '@outpost/contracts';
import { screen } from '@testing-library/react';
import { renderAs, setUpFakeAccountApi } from '../../../test/render';
import MagicLinkPage from './magic-link-page';
import OAuthFailurePage from './oauth-failure-page';

const api = setUpFakeAccountApi();

describe('the magic-link handler', () => {
  it('creates the session, stores user and JWT, then goes to the network list', async () => {
    api.links.set('u1', 's3cret');
    const { store } = renderAs(null, <MagicLinkPage />, {
      route: `${paths.magicLink()}?userId=u1&secret=s3cret`,
    });
    await screen.findByText(paths.networks());
    expect(screen.getByTestId(LOCATION_TEST_ID)).toHaveTextContent(paths.networks());
    expect(api.callsTo('POST', '/v1/account/sessions/token')[0].body).toEqual({
      userId: 'u1',
      secret: 's3cret',
    });
    expect(store.getState().auth).toMatchObject({ status: 'signed-in', jwt: 'header.payload.signature' });
    expect(store.getState().auth.user?.email).toBe('ana@example.com');
  });

  it('says a used or expired link no longer works, with the way back to /login', async () => {
    renderAs(null, <MagicLinkPage />, { route: `${paths.magicLink()}?userId=u1&secret=used` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link no longer works');
    expect(alert).toHaveTextContent('expired or was already used');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', paths.login());
    expect(api.callsTo('POST', '/v1/account/sessions/token')).toHaveLength(1);
  });

  it('does not call the server for an incomplete link', () => {
    renderAs(null, <MagicLinkPage />, { route: `${paths.magicLink()}?userId=u1` });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(api.calls).toHaveLength(0);
  });
});

describe('the OAuth failure page', () => {
  it('shows the message for the API’s reason and names the provider', () => {
    renderAs(null, <OAuthFailurePage />, {
      route: `${paths.oauthFailure()}?reason=provider_not_configured&provider=github`,
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Sign-in with GitHub failed');
    expect(alert).toHaveTextContent('Sign-in with this provider is not set up on this panel');
  });

  it('shows an unknown reason as sent', () => {
    renderAs(null, <OAuthFailurePage />, { route: `${paths.oauthFailure()}?reason=Denied%20by%20policy` });
    expect(screen.getByRole('alert')).toHaveTextContent('Denied by policy');
  });
});
