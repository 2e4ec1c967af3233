import { configureApiClient } from './config';
import { oauthUrl, uniqueId } from './ids';

describe('uniqueId (spec section 9)', () => {
  it('is the timestamp in hex followed by 7 random hex digits', () => {
    const now = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    const id = uniqueId(now);
    const stamp = Math.floor(now / 1000).toString(16) + (678).toString(16).padStart(5, '0');
    expect(id.startsWith(stamp)).toBe(true);
    expect(id.slice(stamp.length)).toMatch(/^[0-9a-f]{7}$/);
  });

  it('differs between calls in the same millisecond', () => {
    const ids = new Set(Array.from({ length: 50 }, () => uniqueId(1_700_000_000_000)));
    expect(ids.size).toBeGreaterThan(45);
  });

  it('sorts by time', () => {
    expect(uniqueId(1_700_000_000_001) < uniqueId(1_700_000_001_000)).toBe(true);
  });
});

describe('oauthUrl', () => {
  afterEach(() => configureApiClient({ baseUrl: '' }));

  it('builds the provider URL with encoded success and failure URLs', () => {
    const url = oauthUrl(
      'discord',
      'https://panel.test/auth/oauth/success',
      'https://panel.test/auth/oauth/failure',
    );
    expect(url).toBe(
      '/v1/account/sessions/oauth2/discord?success=https%3A%2F%2Fpanel.test%2Fauth%2Foauth%2Fsuccess' +
        '&failure=https%3A%2F%2Fpanel.test%2Fauth%2Foauth%2Ffailure',
    );
  });

  it("defaults to this panel's own result pages and honours the API origin", () => {
    configureApiClient({ baseUrl: 'https://api.panel.test' });
    const url = new URL(oauthUrl('github'));
    expect(url.origin + url.pathname).toBe('https://api.panel.test/v1/account/sessions/oauth2/github');
    expect(url.searchParams.get('success')).toBe(`${location.origin}/auth/oauth/success`);
    expect(url.searchParams.get('failure')).toBe(`${location.origin}/auth/oauth/failure`);
  });
});
