import { decideRoute, needsCurrentUser, type GuardAuth } from './route-guard';

const signedIn = (name = 'Rusty'): GuardAuth => ({ status: 'signed-in', name });

describe('route guard', () => {
  it('lets landing and features pass freely, whatever the auth state', () => {
    for (const auth of [
      { status: 'unknown' },
      { status: 'signed-out' },
      { status: 'failed' },
      signedIn(''),
    ] as const) {
      expect(decideRoute('marketing', '/', auth)).toEqual({ kind: 'render' });
      expect(decideRoute('marketing', '/features', auth)).toEqual({ kind: 'render' });
    }
    expect(needsCurrentUser('marketing')).toBe(false);
    expect(needsCurrentUser('public')).toBe(false);
  });

  it('fetches the current user for auth routes and login, waiting until it is known', () => {
    expect(needsCurrentUser('auth')).toBe(true);
    expect(needsCurrentUser('login')).toBe(true);
    expect(decideRoute('auth', '/networks', { status: 'loading' })).toEqual({ kind: 'wait' });
    expect(decideRoute('login', '/login', { status: 'unknown' })).toEqual({ kind: 'wait' });
  });

  it('sends an unauthenticated user on an auth route to Login', () => {
    expect(decideRoute('auth', '/networks', { status: 'signed-out' })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(decideRoute('login', '/login', { status: 'signed-out' })).toEqual({ kind: 'render' });
  });

  it('sends a signed-in user whose name is empty to username setup, unless already there', () => {
    expect(decideRoute('auth', '/dashboard', signedIn(''))).toEqual({
      kind: 'redirect',
      to: '/auth/setup-username',
    });
    expect(decideRoute('auth', '/networks', signedIn('   '))).toEqual({
      kind: 'redirect',
      to: '/auth/setup-username',
    });
    expect(decideRoute('auth', '/auth/setup-username', signedIn(''))).toEqual({ kind: 'render' });
  });

  it('sends a signed-in user from Login to the network list', () => {
    expect(decideRoute('login', '/login', signedIn())).toEqual({ kind: 'redirect', to: '/networks' });
    expect(decideRoute('auth', '/networks', signedIn())).toEqual({ kind: 'render' });
  });

  it('when the auth system fails, sends auth routes to Landing and lets other routes pass', () => {
    expect(decideRoute('auth', '/networks', { status: 'failed' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('login', '/login', { status: 'failed' })).toEqual({ kind: 'render' });
    expect(decideRoute('public', '/auth/magic-link', { status: 'failed' })).toEqual({ kind: 'render' });
  });
});
