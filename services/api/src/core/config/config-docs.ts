// Every environment variable the server reads, with its default: the README's configuration
// table is generated from this list, so the documentation cannot drift from the code.
import { IDENTITY_CONFIG_DOCS } from './identity-config';
import { LANDING_CONFIG_DOCS } from './landing-config';
import { EGRESS_CONFIG_DOCS } from './egress-config';
import { SECRETS_CONFIG_DOCS } from './secrets-config';
import type { ConfigDoc } from './config-doc';

export const CONFIG_DOCS: readonly ConfigDoc[] = [
  { name: 'PORT', default: '3000', description: 'TCP port the server listens on (1-65535).' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the server binds to.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description:
      'The address people use to reach the panel (used in e-mailed links and as the default origin).',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Folder for the SQLite database and the mail outbox; created if missing.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: SQLite file DATA_DIR/outpost.db)',
    description: 'postgres:// or postgresql:// URL of an existing PostgreSQL database; unset means SQLite.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset: one instance)',
    description:
      'redis:// or rediss:// URL of a Redis server that several instances behind a load balancer share: live events fan out across them, rate limits count across them, each RCON connection has one owner and one leader runs the periodic work. Without it, several instances on PostgreSQL still run the periodic work once (an advisory lock).',
  },
  {
    name: 'API_KEY',
    default: 'outpost-web',
    description: 'Client key every /api request must send in the X-API-Key header.',
  },
  {
    name: 'ALLOWED_ORIGINS',
    default: 'PUBLIC_URL',
    description: 'Comma-separated origins allowed for CORS (with credentials) and for sign-in redirect URLs.',
  },
  {
    name: 'WEB_ROOT',
    default: '(the repository root)',
    description: 'Folder holding the built web app: shell/dist and mfe-<name>/dist.',
  },
  {
    name: 'REMOTES_JSON',
    default: '(each remote at /remotes/<name>/mf-manifest.json)',
    description:
      'JSON object overriding remote manifest URLs, e.g. {"players":"https://cdn.example/players/mf-manifest.json"}.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'One of silent, error, warn, info, debug.' },
  {
    name: 'DEMO',
    default: 'true',
    description: 'Demo mode: "View Live Demo" signs in a read-only demo user; false turns it off.',
  },
  {
    name: 'DEMO_SIMULATION',
    default: 'true',
    description:
      'With DEMO on: create the "Demo Network" (3 servers, a simulated moderator who works its reports and AntiHack catches, alert rules on F7 reports and a full EU server) at start and feed it with simulated servers inside the API process; after a restart each goes on from what the panel stored (its uptime, who is on it since when); false leaves the demo user without a network.',
  },
  {
    name: 'COMMUNITY_INVITE_URL',
    default: '(unset: no chat is offered)',
    description:
      'Invite link of your community chat, offered on the landing page, in the footer and as "Join Discord" in the user menu; unset, none of them offers a chat.',
  },
  {
    name: 'COMMUNITY_WIDGET_SERVER_ID',
    default: '(unset: the invite card alone)',
    description:
      'Numeric id of the chat server whose widget the landing page embeds (the invite card stays while the widget cannot be reached).',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust X-Forwarded-* headers from a reverse proxy: true, false, a hop count, or addresses/subnets.',
  },
  {
    name: 'LOG_RETENTION_DAYS',
    default: '30',
    description:
      "Days the servers' reported events (chat, kills, connects, reports, console and log lines) are kept (1-3650); older ones are deleted hourly, in small batches.",
  },
  {
    name: 'LIVE_KEEPALIVE_SECONDS',
    default: '20',
    description:
      'Seconds between the keep-alive comments of each open live stream (1-300); lower it when a proxy in front of the panel closes idle connections sooner.',
  },
  {
    name: 'METRICS_ENABLED',
    default: 'true',
    description:
      "Keep every report's figures (players, queue, FPS, entities, memory, traffic) as metrics history for the charts and alerts; false stops gathering them (status changes and uptime are kept either way).",
  },
  {
    name: 'PLANS',
    default: 'on',
    description:
      "on: a network gets what its owner's plan gives (the live map, suspicious activity and metrics beyond 24 hours need Premium; an operator sets plans with `npm run panel -- users:plan`); off: every network gets everything, for a community hosting the panel for itself.",
  },
  ...LANDING_CONFIG_DOCS,
  ...IDENTITY_CONFIG_DOCS,
  ...SECRETS_CONFIG_DOCS,
  ...EGRESS_CONFIG_DOCS,
];
