import { loadConfig } from './load-config';

const errorOf = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env, '/srv/outpost');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('identity configuration', () => {
  it('reads the Discord bot settings, and refuses a public key that is not 64 hex digits', () => {
    const { identity } = loadConfig(
      {
        PUBLIC_URL: 'https://panel.example.com',
        DISCORD_PUBLIC_KEY: 'AB'.repeat(32),
        DISCORD_BOT_TOKEN: 'bot-token',
        DISCORD_API_URL: 'http://127.0.0.1:9999/api/v10/',
      },
      '/srv/outpost',
    );
    expect(identity.discord).toEqual({
      publicKey: 'ab'.repeat(32),
      botToken: 'bot-token',
      apiUrl: 'http://127.0.0.1:9999/api/v10',
    });
    expect(errorOf({ PUBLIC_URL: 'https://panel.example.com', DISCORD_PUBLIC_KEY: 'nope' })).toContain(
      'DISCORD_PUBLIC_KEY',
    );
    expect(
      errorOf({ PUBLIC_URL: 'https://panel.example.com', DISCORD_API_URL: 'https://discord.com/api' }),
    ).toContain('DISCORD_API_URL');
  });

  it('defaults: outbox mail, 15-minute links, a generated JWT secret, providers off', () => {
    const { identity } = loadConfig({ PUBLIC_URL: 'https://panel.example.com' }, '/srv/outpost');
    expect(identity).toEqual({
      mailUrl: null,
      mailFrom: 'Outpost <no-reply@panel.example.com>',
      magicLinkTtlMinutes: 15,
      jwtSecret: null,
      signInLimitPerIp: 20,
      oauth: {
        discord: {
          clientId: null,
          clientSecret: null,
          authorizeUrl: 'https://discord.com/oauth2/authorize',
          tokenUrl: 'https://discord.com/api/oauth2/token',
          profileUrl: 'https://discord.com/api/users/@me',
        },
        google: {
          clientId: null,
          clientSecret: null,
          authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenUrl: 'https://oauth2.googleapis.com/token',
          profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
        },
        github: {
          clientId: null,
          clientSecret: null,
          authorizeUrl: 'https://github.com/login/oauth/authorize',
          tokenUrl: 'https://github.com/login/oauth/access_token',
          profileUrl: 'https://api.github.com/user',
          emailsUrl: 'https://api.github.com/user/emails',
        },
      },
      // The Discord bot is off until its key and token are set.
      discord: { publicKey: null, botToken: null, apiUrl: 'https://discord.com/api/v10' },
    });
  });

  it('reads explicit values, provider URLs included', () => {
    const { identity } = loadConfig({
      MAIL_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Panel <panel@example.com>',
      MAGIC_LINK_TTL_MINUTES: '10',
      JWT_SECRET: 'x'.repeat(40),
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_AUTHORIZE_URL: 'http://127.0.0.1:9000/authorize',
      GITHUB_TOKEN_URL: 'http://127.0.0.1:9000/token',
      GITHUB_PROFILE_URL: 'http://127.0.0.1:9000/userinfo',
      GITHUB_EMAILS_URL: 'http://127.0.0.1:9000/emails',
      SIGN_IN_LIMIT_PER_IP: '500',
    });
    expect(identity).toMatchObject({
      mailUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Panel <panel@example.com>',
      magicLinkTtlMinutes: 10,
      jwtSecret: 'x'.repeat(40),
      signInLimitPerIp: 500,
      oauth: {
        github: {
          clientId: 'gh-id',
          clientSecret: 'gh-secret',
          authorizeUrl: 'http://127.0.0.1:9000/authorize',
          tokenUrl: 'http://127.0.0.1:9000/token',
          profileUrl: 'http://127.0.0.1:9000/userinfo',
          emailsUrl: 'http://127.0.0.1:9000/emails',
        },
        discord: { clientId: null },
      },
    });
  });

  it.each([
    ['MAIL_URL', 'http://mail', 'Invalid configuration: MAIL_URL must be an smtp:// or smtps:// URL'],
    [
      'MAGIC_LINK_TTL_MINUTES',
      '0',
      'Invalid configuration: MAGIC_LINK_TTL_MINUTES must be a whole number of minutes between 1 and 1440',
    ],
    ['JWT_SECRET', 'short', 'Invalid configuration: JWT_SECRET must be at least 32 characters long'],
    ['GITHUB_TOKEN_URL', 'github', 'Invalid configuration: GITHUB_TOKEN_URL must be an http(s) URL'],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(errorOf({ [name]: value })).toBe(message);
  });
});
