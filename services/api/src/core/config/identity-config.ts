import { SIGN_IN_PROVIDERS } from '@outpost/contracts';
import { z } from 'zod';
import type { ConfigDoc } from './config-doc';

// Sign-in settings (DESIGN section 2): mail, magic links, JWTs and the three OAuth providers.
// Read apart from the core variables so the identity part of the configuration stays in one place.

/** The providers the panel can sign in with (one list with the login page's). */
export const OAUTH_PROVIDERS = SIGN_IN_PROVIDERS;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

export type OAuthProviderConfig = {
  /** Null when the provider is not configured: its button leads to the failure page. */
  readonly clientId: string | null;
  readonly clientSecret: string | null;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly profileUrl: string;
  /** GitHub only: where the verified e-mail addresses are listed. */
  readonly emailsUrl?: string;
};

/** The panel's one Discord application's bot (issue 37): interactions, slash commands, role sync. */
export type DiscordBotConfig = {
  /** Hex Ed25519 key Discord signs interactions with; null: the bot is not configured. */
  readonly publicKey: string | null;
  readonly botToken: string | null;
  /** Discord's REST API, version included (tests point it at a local stand-in). */
  readonly apiUrl: string;
};

export const DISCORD_API_URL_DEFAULT = 'https://discord.com/api/v10';

export type IdentityConfig = {
  /** smtp(s):// URL; null means the outbox (files under DATA_DIR/outbox, link logged). */
  readonly mailUrl: string | null;
  readonly mailFrom: string;
  readonly magicLinkTtlMinutes: number;
  /** Null: generated once and kept in DATA_DIR/jwt-secret. */
  readonly jwtSecret: string | null;
  /** Sign-in attempts (magic links, link secrets) one IP address may make per 15 minutes. */
  readonly signInLimitPerIp: number;
  readonly oauth: Readonly<Record<OAuthProviderName, OAuthProviderConfig>>;
  readonly discord: DiscordBotConfig;
};

const DEFAULT_URLS: Record<OAuthProviderName, Omit<OAuthProviderConfig, 'clientId' | 'clientSecret'>> = {
  discord: {
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    profileUrl: 'https://discord.com/api/users/@me',
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
  },
};

const LABELS: Record<OAuthProviderName, string> = { discord: 'Discord', google: 'Google', github: 'GitHub' };

const isUrl = (value: string, protocols: string[]): boolean => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const httpUrl = z.string().refine((v) => isUrl(v, ['http:', 'https:']), 'must be an http(s) URL');
const text = z.string().min(1);

const providerVars = (name: OAuthProviderName) => {
  const prefix = name.toUpperCase();
  return {
    [`${prefix}_CLIENT_ID`]: text.optional(),
    [`${prefix}_CLIENT_SECRET`]: text.optional(),
    [`${prefix}_AUTHORIZE_URL`]: httpUrl.optional(),
    [`${prefix}_TOKEN_URL`]: httpUrl.optional(),
    [`${prefix}_PROFILE_URL`]: httpUrl.optional(),
  };
};

export const identityEnvSchema = z.object({
  MAIL_URL: z
    .string()
    .refine((v) => isUrl(v, ['smtp:', 'smtps:']), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: text.optional(),
  MAGIC_LINK_TTL_MINUTES: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of minutes between 1 and 1440')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1440, 'must be a whole number of minutes between 1 and 1440')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  SIGN_IN_LIMIT_PER_IP: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'must be a whole number between 1 and 999999')
    .transform(Number)
    .optional(),
  ...providerVars('discord'),
  ...providerVars('google'),
  ...providerVars('github'),
  GITHUB_EMAILS_URL: httpUrl.optional(),
  DISCORD_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64 hex characters of the application’s public key')
    .optional(),
  DISCORD_BOT_TOKEN: text.optional(),
  DISCORD_API_URL: httpUrl
    .refine((v) => /\/v\d+\/?$/.test(new URL(v).pathname), 'must end with the API version, e.g. /api/v10')
    .optional(),
});

type IdentityVars = z.output<typeof identityEnvSchema>;

/** The providers whose client id and secret are both set: the only ones sign-in offers. */
export const configuredOAuthProviders = (identity: IdentityConfig): OAuthProviderName[] =>
  OAUTH_PROVIDERS.filter((name) =>
    Boolean(identity.oauth[name].clientId && identity.oauth[name].clientSecret),
  );

export const identityConfigOf = (vars: IdentityVars, publicUrl: string): IdentityConfig => {
  const read = (name: string): string | undefined => (vars as Record<string, string | undefined>)[name];
  const provider = (name: OAuthProviderName): OAuthProviderConfig => {
    const prefix = name.toUpperCase();
    const defaults = DEFAULT_URLS[name];
    return {
      clientId: read(`${prefix}_CLIENT_ID`) ?? null,
      clientSecret: read(`${prefix}_CLIENT_SECRET`) ?? null,
      authorizeUrl: read(`${prefix}_AUTHORIZE_URL`) ?? defaults.authorizeUrl,
      tokenUrl: read(`${prefix}_TOKEN_URL`) ?? defaults.tokenUrl,
      profileUrl: read(`${prefix}_PROFILE_URL`) ?? defaults.profileUrl,
      ...(name === 'github' ? { emailsUrl: vars.GITHUB_EMAILS_URL ?? defaults.emailsUrl } : {}),
    };
  };
  return {
    mailUrl: vars.MAIL_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? `Outpost <no-reply@${new URL(publicUrl).hostname}>`,
    magicLinkTtlMinutes: vars.MAGIC_LINK_TTL_MINUTES ?? 15,
    jwtSecret: vars.JWT_SECRET ?? null,
    signInLimitPerIp: vars.SIGN_IN_LIMIT_PER_IP ?? 20,
    oauth: { discord: provider('discord'), google: provider('google'), github: provider('github') },
    discord: {
      publicKey: vars.DISCORD_PUBLIC_KEY?.toLowerCase() ?? null,
      botToken: vars.DISCORD_BOT_TOKEN ?? null,
      apiUrl: (vars.DISCORD_API_URL ?? DISCORD_API_URL_DEFAULT).replace(/\/$/, ''),
    },
  };
};

const providerDocs = (name: OAuthProviderName): ConfigDoc[] => {
  const prefix = name.toUpperCase();
  const label = LABELS[name];
  const urls = DEFAULT_URLS[name];
  return [
    {
      name: `${prefix}_CLIENT_ID`,
      default: '(unset: sign-in with this provider is off)',
      description: `OAuth client id of the ${label} application; with its secret it turns ${label} sign-in on.`,
    },
    {
      name: `${prefix}_CLIENT_SECRET`,
      default: '(unset)',
      description: `OAuth client secret of the ${label} application.`,
    },
    {
      name: `${prefix}_AUTHORIZE_URL`,
      default: urls.authorizeUrl,
      description: `${label} authorization endpoint (override for a self-hosted or test server).`,
    },
    { name: `${prefix}_TOKEN_URL`, default: urls.tokenUrl, description: `${label} token endpoint.` },
    {
      name: `${prefix}_PROFILE_URL`,
      default: urls.profileUrl,
      description: `${label} endpoint answering the signed-in account's profile.`,
    },
  ];
};

export const IDENTITY_CONFIG_DOCS: readonly ConfigDoc[] = [
  {
    name: 'MAIL_URL',
    default: '(unset: outbox)',
    description:
      'smtp:// or smtps:// URL (user:password@host:port) for sign-in e-mails; unset writes them to DATA_DIR/outbox and logs the link.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Outpost <no-reply@PUBLIC_URL host>',
    description: 'Sender of sign-in e-mails.',
  },
  {
    name: 'MAGIC_LINK_TTL_MINUTES',
    default: '15',
    description: 'How long an e-mailed sign-in link works (1-1440 minutes); each link works once.',
  },
  {
    name: 'JWT_SECRET',
    default: '(generated and kept in DATA_DIR/jwt-secret)',
    description:
      'Secret (32+ characters) signing the 15-minute API tokens; set the same value on every instance behind a load balancer.',
  },
  {
    name: 'SIGN_IN_LIMIT_PER_IP',
    default: '20',
    description:
      'Sign-in attempts one IP address may make per 15 minutes (links requested, links used); raise it when many users share an address.',
  },
  ...providerDocs('discord'),
  ...providerDocs('google'),
  ...providerDocs('github'),
  {
    name: 'GITHUB_EMAILS_URL',
    default: DEFAULT_URLS.github.emailsUrl ?? '',
    description: 'GitHub endpoint listing the account’s e-mail addresses and whether each is verified.',
  },
  {
    name: 'DISCORD_PUBLIC_KEY',
    default: '(unset: the Discord bot is off)',
    description:
      'Public key of the Discord application (General Information), hex: the panel checks every interaction Discord sends against it.',
  },
  {
    name: 'DISCORD_BOT_TOKEN',
    default: '(unset: the Discord bot is off)',
    description:
      'Token of the application’s bot (Bot page): registers slash commands, keeps roles in step and posts reports. A secret.',
  },
  {
    name: 'DISCORD_API_URL',
    default: DISCORD_API_URL_DEFAULT,
    description:
      'Discord’s REST API, version included; point it at a stand-in to test. A Discord alert channel’s webhook URL may also be on this origin.',
  },
];
