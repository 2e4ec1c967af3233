import path from 'node:path';
import {
  LIVE_KEEPALIVE_SECONDS,
  LOG_RETENTION_DAYS_DEFAULT,
  REMOTE_NAMES,
  type RemotesManifest,
} from '@outpost/contracts';
import { z } from 'zod';
import { LOG_LEVELS, type AppConfig, type DatabaseConfig, type TrustProxy } from './app-config';
import { identityConfigOf, identityEnvSchema } from './identity-config';
import { landingConfigOf, landingEnvSchema } from './landing-config';
import { REPO_ROOT } from './paths';
import { egressEnvSchema } from './egress-config';
import { secretsEnvSchema } from './secrets-config';

/** Thrown for a bad environment; its message names every bad variable and is printed as is. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const PORT_MESSAGE = 'must be an integer between 1 and 65535';

const isHttpUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** A string variable turned into T by `parse`, which returns an error message instead of throwing. */
const parsed = <T>(parse: (value: string) => { value: T } | { error: string }) =>
  z.string().transform((value, ctx) => {
    const result = parse(value);
    if ('value' in result) return result.value;
    ctx.issues.push({ code: 'custom', message: result.error, input: value });
    return z.NEVER;
  });

const port = z
  .string()
  .regex(/^\d+$/, PORT_MESSAGE)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 65535, PORT_MESSAGE);

const httpUrl = z
  .string()
  .refine(isHttpUrl, 'must be an http(s) URL such as https://panel.example.com')
  .transform((url) => url.replace(/\/+$/, ''));

const databaseUrl = z
  .string()
  .refine(
    (url) => /^postgres(ql)?:\/\//.test(url),
    'must be a postgres:// or postgresql:// URL (leave it unset to use SQLite in DATA_DIR)',
  );

const redisUrl = z
  .string()
  .refine(
    (url) => /^rediss?:\/\/[^/]/.test(url),
    'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379 (leave it unset for one instance)',
  );

const origins = parsed((list) => {
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0 || !items.every(isHttpUrl))
    return { error: 'must be a comma-separated list of origins such as https://panel.example.com' };
  return { value: [...new Set(items.map((item) => new URL(item).origin))] };
});

const remotesOverride = parsed((json): { value: Partial<RemotesManifest> } | { error: string } => {
  const example = 'must be a JSON object such as {"players":"https://cdn.example/players/mf-manifest.json"}';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { error: example };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: example };
  for (const [name, url] of Object.entries(value)) {
    if (!(REMOTE_NAMES as readonly string[]).includes(name))
      return { error: `names an unknown remote "${name}" (known: ${REMOTE_NAMES.join(', ')})` };
    if (typeof url !== 'string' || !(isHttpUrl(url) || url.startsWith('/')))
      return { error: `must give "${name}" an http(s) or root-relative URL` };
  }
  return { value: value as Partial<RemotesManifest> };
});

const flag = z
  .enum(['true', 'false', '1', '0'], 'must be true or false')
  .transform((v) => v === 'true' || v === '1');

const trustProxy = z.string().transform((value): TrustProxy => {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
});

const text = z.string().min(1);

/** PLANS: on (the owner's plan decides what a network gets) or off (every network is premium). */
const onOff = z
  .enum(['on', 'off', 'true', 'false'], 'must be on or off')
  .transform((v) => v === 'on' || v === 'true');

const RETENTION_MESSAGE = 'must be a whole number of days between 1 and 3650';
const KEEPALIVE_MESSAGE = 'must be a whole number of seconds between 1 and 300';
const keepAliveSeconds = z
  .string()
  .regex(/^\d{1,3}$/, KEEPALIVE_MESSAGE)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 300, KEEPALIVE_MESSAGE);

const retentionDays = z
  .string()
  .regex(/^\d{1,4}$/, RETENTION_MESSAGE)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 3650, RETENTION_MESSAGE);

const envSchema = z.object({
  PORT: port.optional(),
  HOST: text.optional(),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: text.optional(),
  DATABASE_URL: databaseUrl.optional(),
  REDIS_URL: redisUrl.optional(),
  API_KEY: text.optional(),
  ALLOWED_ORIGINS: origins.optional(),
  WEB_ROOT: text.optional(),
  REMOTES_JSON: remotesOverride.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional(),
  DEMO: flag.optional(),
  DEMO_SIMULATION: flag.optional(),
  TRUST_PROXY: trustProxy.optional(),
  COMMUNITY_INVITE_URL: httpUrl.optional(),
  COMMUNITY_WIDGET_SERVER_ID: z
    .string()
    .regex(/^\d{5,25}$/, 'must be the numeric id of the chat server')
    .optional(),
  LOG_RETENTION_DAYS: retentionDays.optional(),
  LIVE_KEEPALIVE_SECONDS: keepAliveSeconds.optional(),
  METRICS_ENABLED: flag.optional(),
  PLANS: onOff.optional(),
  ...identityEnvSchema.shape,
  ...landingEnvSchema.shape,
  ...secretsEnvSchema.shape,
  ...egressEnvSchema.shape,
});

type EnvVariable = keyof z.input<typeof envSchema>;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Each loopback origin with its other loopback names, same scheme and port: a panel opened at
 * http://127.0.0.1:3000 is the one PUBLIC_URL calls http://localhost:3000, and signing in from
 * it must work too.
 */
export const withLoopbackAliases = (origins: readonly string[]): string[] => {
  const all = new Set<string>();
  for (const origin of origins) {
    all.add(origin);
    if (!LOOPBACK_HOSTS.includes(new URL(origin).hostname)) continue;
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(origin);
      alias.hostname = host;
      all.add(alias.origin);
    }
  }
  return [...all];
};

/** The manifest URL each remote has when REMOTES_JSON does not override it. */
export const defaultRemoteManifest = (name: string): string => `/remotes/${name}/mf-manifest.json`;

/**
 * Reads and checks the environment. Empty values count as unset (a blank line in an .env file
 * should mean "use the default", not "fail"). Relative paths resolve against `cwd`.
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig => {
  const raw = Object.fromEntries(
    Object.keys(envSchema.shape).map((name) => [name, env[name]?.trim() || undefined]),
  ) as Partial<Record<EnvVariable, string>>;
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const vars = result.data;
  const port = vars.PORT ?? 3000;
  const publicUrl = vars.PUBLIC_URL ?? `http://localhost:${port}`;
  const dataDir = path.resolve(cwd, vars.DATA_DIR ?? './data');
  const database: DatabaseConfig = vars.DATABASE_URL
    ? { kind: 'postgresql', url: vars.DATABASE_URL }
    : { kind: 'sqlite', file: path.join(dataDir, 'outpost.db') };
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, vars.REMOTES_JSON?.[name] ?? defaultRemoteManifest(name)]),
  ) as RemotesManifest;

  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir,
    database,
    redisUrl: vars.REDIS_URL ?? null,
    apiKey: vars.API_KEY ?? 'outpost-web',
    allowedOrigins: withLoopbackAliases(vars.ALLOWED_ORIGINS ?? [new URL(publicUrl).origin]),
    webRoot: vars.WEB_ROOT ? path.resolve(cwd, vars.WEB_ROOT) : REPO_ROOT,
    remotes,
    logLevel: vars.LOG_LEVEL ?? 'info',
    demo: vars.DEMO ?? true,
    demoSimulation: vars.DEMO_SIMULATION ?? true,
    trustProxy: vars.TRUST_PROXY ?? false,
    community: {
      inviteUrl: vars.COMMUNITY_INVITE_URL ?? null,
      widgetServerId: vars.COMMUNITY_WIDGET_SERVER_ID ?? null,
    },
    identity: identityConfigOf(vars, publicUrl),
    secretsKey: vars.SECRETS_KEY ?? null,
    outboundAllowPrivate: vars.OUTBOUND_ALLOW_PRIVATE ?? true,
    logRetentionDays: vars.LOG_RETENTION_DAYS ?? LOG_RETENTION_DAYS_DEFAULT,
    liveKeepAliveSeconds: vars.LIVE_KEEPALIVE_SECONDS ?? LIVE_KEEPALIVE_SECONDS,
    metricsEnabled: vars.METRICS_ENABLED ?? true,
    plansEnabled: vars.PLANS ?? true,
    ...landingConfigOf(vars),
  };
};
