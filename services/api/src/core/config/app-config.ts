import type { RemotesManifest } from '@outpost/contracts';
import type { IdentityConfig } from './identity-config';
import type { LandingConfig } from './landing-config';

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'postgresql'; readonly url: string };

/** Express's "trust proxy": off, on, a hop count, or a list of addresses/subnets. */
export type TrustProxy = boolean | number | string;

/** The validated configuration; built once at start by loadConfig() and provided as APP_CONFIG. */
export type AppConfig = LandingConfig & {
  readonly port: number;
  readonly host: string;
  /** Where people reach the panel, without a trailing slash. */
  readonly publicUrl: string;
  /** Absolute path of the data folder (SQLite file, mail outbox). */
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  /** REDIS_URL: what several instances share (live events, limits, leases); null: one instance. */
  readonly redisUrl: string | null;
  /** The client key every /api call carries in X-API-Key. */
  readonly apiKey: string;
  /** Origins allowed for CORS and for redirect URLs, normalised (scheme://host[:port]). */
  readonly allowedOrigins: readonly string[];
  /** Folder holding shell/dist and mfe-<name>/dist. */
  readonly webRoot: string;
  /** Each remote's mf-manifest.json URL, served as /remotes.json. */
  readonly remotes: Readonly<RemotesManifest>;
  readonly logLevel: LogLevel;
  readonly demo: boolean;
  /** With demo on: create the demo network and feed it with in-process simulated servers. */
  readonly demoSimulation: boolean;
  readonly trustProxy: TrustProxy;
  /** The operator's community chat linked from the landing page and the user menu; null: none. */
  readonly community: { readonly inviteUrl: string | null; readonly widgetServerId: string | null };
  /** Mail, magic links, JWTs and OAuth providers. */
  readonly identity: IdentityConfig;
  /** SECRETS_KEY (32 bytes); null: generated once and kept in DATA_DIR/secrets-key. */
  readonly secretsKey: Buffer | null;
  /** OUTBOUND_ALLOW_PRIVATE: may the panel dial loopback and private addresses a user typed (core/egress). */
  readonly outboundAllowPrivate: boolean;
  /** Days a server's reported events (the Logs timeline) are kept before the purge deletes them. */
  readonly logRetentionDays: number;
  /** Seconds between the keep-alive comments of each open live stream (GET /api/live). */
  readonly liveKeepAliveSeconds: number;
  /** METRICS_ENABLED: every report's figures are kept as metrics history (modules/metrics). */
  readonly metricsEnabled: boolean;
  /** PLANS: on, a network gets what its owner's plan gives; off, every network is premium (modules/plans). */
  readonly plansEnabled: boolean;
};

/** Injection token of the AppConfig provider. */
export const APP_CONFIG = Symbol('APP_CONFIG');
