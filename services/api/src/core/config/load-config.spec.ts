import path from 'node:path';
import { CONFIG_DOCS } from './config-docs';
import { IDENTITY_CONFIG_DOCS, identityConfigOf } from './identity-config';
import { loadConfig } from './load-config';
import { REPO_ROOT } from './paths';

const errorOf = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env, '/srv/outpost');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('loadConfig', () => {
  it('gives every variable its documented default', () => {
    const config = loadConfig({}, '/srv/outpost');
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/outpost/data',
      database: { kind: 'sqlite', file: '/srv/outpost/data/outpost.db' },
      redisUrl: null,
      apiKey: 'outpost-web',
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      webRoot: REPO_ROOT,
      remotes: {
        landing: '/remotes/landing/mf-manifest.json',
        account: '/remotes/account/mf-manifest.json',
        networks: '/remotes/networks/mf-manifest.json',
        players: '/remotes/players/mf-manifest.json',
      },
      logLevel: 'info',
      demo: true,
      demoSimulation: true,
      trustProxy: false,
      // No chat is offered unless the operator names one.
      community: { inviteUrl: null, widgetServerId: null },
      identity: identityConfigOf({}, 'http://localhost:3000'),
      secretsKey: null,
      outboundAllowPrivate: true,
      logRetentionDays: 30,
      liveKeepAliveSeconds: 20,
      metricsEnabled: true,
      plansEnabled: true,
      publicStats: false,
      pricing: { premiumPrice: null, premiumSupport: null },
    });
  });

  it('documents every variable it reads', () => {
    expect(CONFIG_DOCS.map((doc) => doc.name)).toEqual([
      'PORT',
      'HOST',
      'PUBLIC_URL',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'API_KEY',
      'ALLOWED_ORIGINS',
      'WEB_ROOT',
      'REMOTES_JSON',
      'LOG_LEVEL',
      'DEMO',
      'DEMO_SIMULATION',
      'COMMUNITY_INVITE_URL',
      'COMMUNITY_WIDGET_SERVER_ID',
      'TRUST_PROXY',
      'LOG_RETENTION_DAYS',
      'LIVE_KEEPALIVE_SECONDS',
      'METRICS_ENABLED',
      'PLANS',
      'PUBLIC_STATS',
      'PREMIUM_PRICE',
      'PREMIUM_SUPPORT',
      ...IDENTITY_CONFIG_DOCS.map((doc) => doc.name),
      'SECRETS_KEY',
      'OUTBOUND_ALLOW_PRIVATE',
    ]);
  });

  it('reads explicit values', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://panel.example.com/',
        DATA_DIR: 'state',
        DATABASE_URL: 'postgresql://outpost:secret@db:5432/outpost',
        API_KEY: 'k-123',
        ALLOWED_ORIGINS: 'https://panel.example.com, https://admin.example.com/',
        WEB_ROOT: 'web',
        LOG_LEVEL: 'debug',
        DEMO: 'false',
        TRUST_PROXY: '1',
        OUTBOUND_ALLOW_PRIVATE: 'false',
      },
      '/srv/outpost',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://panel.example.com',
      dataDir: '/srv/outpost/state',
      database: { kind: 'postgresql', url: 'postgresql://outpost:secret@db:5432/outpost' },
      apiKey: 'k-123',
      allowedOrigins: ['https://panel.example.com', 'https://admin.example.com'],
      webRoot: path.resolve('/srv/outpost/web'),
      logLevel: 'debug',
      demo: false,
      trustProxy: 1,
      outboundAllowPrivate: false,
    });
  });

  it('derives the public URL and the allowed origin from PORT', () => {
    expect(loadConfig({ PORT: '4000' })).toMatchObject({
      publicUrl: 'http://localhost:4000',
      allowedOrigins: ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000'],
    });
  });

  it('treats the loopback names as one origin, with the same scheme and port', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).allowedOrigins).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'http://[::1]:3000',
    ]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://panel.example.com,http://localhost:5173' }).allowedOrigins,
    ).toEqual([
      'https://panel.example.com',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'https://localhost' }).allowedOrigins).toEqual([
      'https://localhost',
      'https://127.0.0.1',
      'https://[::1]',
    ]);
  });

  it('reads REDIS_URL as a redis:// or rediss:// URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example:6380/2' }).redisUrl).toBe(
      'rediss://cache.example:6380/2',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379 (leave it unset for one instance)',
    );
  });

  it('reads LIVE_KEEPALIVE_SECONDS from 1 to 300 seconds', () => {
    expect(loadConfig({}).liveKeepAliveSeconds).toBe(20);
    expect(loadConfig({ LIVE_KEEPALIVE_SECONDS: '1' }).liveKeepAliveSeconds).toBe(1);
    expect(loadConfig({ LIVE_KEEPALIVE_SECONDS: '300' }).liveKeepAliveSeconds).toBe(300);
    for (const value of ['0', '301', '0.5', 'soon'])
      expect(() => loadConfig({ LIVE_KEEPALIVE_SECONDS: value })).toThrow(
        'Invalid configuration: LIVE_KEEPALIVE_SECONDS must be a whole number of seconds between 1 and 300',
      );
  });

  it('reads LOG_RETENTION_DAYS from 1 to 3650 days', () => {
    expect(loadConfig({ LOG_RETENTION_DAYS: '1' }).logRetentionDays).toBe(1);
    expect(loadConfig({ LOG_RETENTION_DAYS: '3650' }).logRetentionDays).toBe(3650);
    expect(loadConfig({ LOG_RETENTION_DAYS: '90' }).logRetentionDays).toBe(90);
  });

  it('reads SECRETS_KEY as 64 hex digits or base64 of 32 bytes', () => {
    const key = Buffer.alloc(32, 7);
    for (const text of [key.toString('hex'), key.toString('base64'), key.toString('base64url')])
      expect(loadConfig({ SECRETS_KEY: text }).secretsKey).toEqual(key);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ', DEMO: '' }, '/x')).toMatchObject({
      port: 3000,
      database: { kind: 'sqlite', file: '/x/data/outpost.db' },
      demo: true,
    });
  });

  it('accepts postgres:// as well as postgresql://', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).database).toEqual({
      kind: 'postgresql',
      url: 'postgres://postgres@127.0.0.1:5432/test',
    });
  });

  it('overrides some remote manifests with REMOTES_JSON and keeps the others', () => {
    const config = loadConfig({ REMOTES_JSON: '{"players":"https://cdn.example/players/mf-manifest.json"}' });
    expect(config.remotes).toEqual({
      landing: '/remotes/landing/mf-manifest.json',
      account: '/remotes/account/mf-manifest.json',
      networks: '/remotes/networks/mf-manifest.json',
      players: 'https://cdn.example/players/mf-manifest.json',
    });
  });

  it.each([
    ['PORT', 'abc', 'Invalid configuration: PORT must be an integer between 1 and 65535'],
    ['PORT', '0', 'Invalid configuration: PORT must be an integer between 1 and 65535'],
    ['PORT', '70000', 'Invalid configuration: PORT must be an integer between 1 and 65535'],
    ['PORT', '30.5', 'Invalid configuration: PORT must be an integer between 1 and 65535'],
    [
      'PUBLIC_URL',
      'panel.example.com',
      'Invalid configuration: PUBLIC_URL must be an http(s) URL such as https://panel.example.com',
    ],
    [
      'DATABASE_URL',
      'mysql://root@db/outpost',
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset to use SQLite in DATA_DIR)',
    ],
    [
      'ALLOWED_ORIGINS',
      'https://ok.example, not-an-origin',
      'Invalid configuration: ALLOWED_ORIGINS must be a comma-separated list of origins such as https://panel.example.com',
    ],
    [
      'REMOTES_JSON',
      '{players:',
      'Invalid configuration: REMOTES_JSON must be a JSON object such as {"players":"https://cdn.example/players/mf-manifest.json"}',
    ],
    [
      'REMOTES_JSON',
      '{"chat":"https://cdn.example/chat/mf-manifest.json"}',
      'Invalid configuration: REMOTES_JSON names an unknown remote "chat" (known: landing, account, networks, players)',
    ],
    [
      'REMOTES_JSON',
      '{"players":"ftp://cdn.example/mf-manifest.json"}',
      'Invalid configuration: REMOTES_JSON must give "players" an http(s) or root-relative URL',
    ],
    ['LOG_LEVEL', 'loud', 'Invalid configuration: LOG_LEVEL must be one of silent, error, warn, info, debug'],
    ['DEMO', 'maybe', 'Invalid configuration: DEMO must be true or false'],
    ['OUTBOUND_ALLOW_PRIVATE', 'no', 'Invalid configuration: OUTBOUND_ALLOW_PRIVATE must be true or false'],
    ...['0', '3651', '-1', '7.5', 'week', '00000'].map((value) => [
      'LOG_RETENTION_DAYS',
      value,
      'Invalid configuration: LOG_RETENTION_DAYS must be a whole number of days between 1 and 3650',
    ]),
    ...[
      'short',
      'a'.repeat(63),
      Buffer.alloc(16).toString('base64'),
      Buffer.alloc(33).toString('base64'),
    ].map((value) => [
      'SECRETS_KEY',
      value,
      'Invalid configuration: SECRETS_KEY must be 32 bytes written as 64 hex digits or as base64 (e.g. the output of `openssl rand -base64 32`)',
    ]),
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(errorOf({ [name]: value })).toBe(message);
  });

  it('names every bad variable at once', () => {
    expect(errorOf({ PORT: 'x', DEMO: 'yes' })).toBe(
      'Invalid configuration: PORT must be an integer between 1 and 65535; DEMO must be true or false',
    );
  });
});
