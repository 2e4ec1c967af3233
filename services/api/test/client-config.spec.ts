import type { ClientConfig } from '@outpost/contracts';
import { loadConfig } from '../src/core/config';
import { createTestApp, type TestApp } from './support';

// What the shell reads at boot (GET /client.json, public: no API key, no session) about what the
// public pages may say: the operator's chat, the pricing lines, whether the landing shows live
// totals, and the providers sign-in offers. Each is read from the environment, with the
// defaults a fresh clone runs with.

const clientConfig = async (t: TestApp): Promise<ClientConfig> =>
  (await t.http.get('/client.json').expect(200)).body as ClientConfig;

describe('GET /client.json: what the public pages say, by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('offers no chat, keeps the totals private, prices as the specification does, offers no provider', async () => {
    expect(await clientConfig(t)).toMatchObject({
      community: { inviteUrl: null, widgetServerId: null },
      plans: true,
      publicStats: false,
      pricing: { premiumPrice: null, premiumSupport: null },
      signInProviders: [],
    });
  });
});

describe('GET /client.json: what the public pages say, as the operator set it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        COMMUNITY_INVITE_URL: 'https://chat.example.org/invite/abc/',
        COMMUNITY_WIDGET_SERVER_ID: '123456789012',
        PREMIUM_PRICE: '€4.99 per month',
        PREMIUM_SUPPORT: 'Help on our chat within a day',
        PUBLIC_STATS: 'on',
        PLANS: 'off',
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        DISCORD_CLIENT_ID: 'd-id',
        DISCORD_CLIENT_SECRET: 'd-secret',
        // An id without its secret signs nobody in.
        GOOGLE_CLIENT_ID: 'g-id',
      },
    });
  });
  afterAll(() => t.close());

  it('offers the chat COMMUNITY_INVITE_URL names, and its widget', async () => {
    expect((await clientConfig(t)).community).toEqual({
      inviteUrl: 'https://chat.example.org/invite/abc',
      widgetServerId: '123456789012',
    });
  });

  it('says the Premium price and support lines PREMIUM_PRICE and PREMIUM_SUPPORT set', async () => {
    expect((await clientConfig(t)).pricing).toEqual({
      premiumPrice: '€4.99 per month',
      premiumSupport: 'Help on our chat within a day',
    });
  });

  it('shows the live totals as PUBLIC_STATS allows, and says PLANS=off', async () => {
    expect(await clientConfig(t)).toMatchObject({ publicStats: true, plans: false });
  });

  it('lists only the providers whose client id and secret are both set, in the login page’s order', async () => {
    expect((await clientConfig(t)).signInProviders).toEqual(['discord', 'github']);
  });
});

describe('the public pages’ settings in the environment', () => {
  const load = (env: Record<string, string>) => loadConfig({ ...env, LOG_LEVEL: 'silent' }, '/tmp');

  it('reads PUBLIC_STATS as on or off, off when unset', () => {
    expect(load({}).publicStats).toBe(false);
    for (const on of ['on', 'true', '1']) expect(load({ PUBLIC_STATS: on }).publicStats).toBe(true);
    for (const off of ['off', 'false', '0']) expect(load({ PUBLIC_STATS: off }).publicStats).toBe(false);
  });

  it('keeps one price line or support line up to 60 characters, trimmed; blank is unset', () => {
    expect(load({ PREMIUM_PRICE: '  $5 per year ', PREMIUM_SUPPORT: '' }).pricing).toEqual({
      premiumPrice: '$5 per year',
      premiumSupport: null,
    });
    expect(load({ PREMIUM_SUPPORT: 'x'.repeat(60) }).pricing.premiumSupport).toHaveLength(60);
  });

  it('refuses a line a card cannot hold, and PUBLIC_STATS that is not on or off, naming each', () => {
    expect(() => load({ PREMIUM_PRICE: 'x'.repeat(61), PUBLIC_STATS: 'yes' })).toThrow(
      'Invalid configuration: PUBLIC_STATS must be on or off; PREMIUM_PRICE must be one line of at most 60 characters',
    );
    expect(() => load({ PREMIUM_SUPPORT: 'Day\nand night' })).toThrow(
      'PREMIUM_SUPPORT must be one line of at most 60 characters',
    );
  });

  it('has no community chat unless COMMUNITY_INVITE_URL names one', () => {
    expect(load({}).community).toEqual({ inviteUrl: null, widgetServerId: null });
  });
});
