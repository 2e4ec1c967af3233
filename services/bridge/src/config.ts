import { parseArgs } from 'node:util';
import { DEFAULT_RCON_PORT } from '@outpost/rcon';

export type BridgeConfig = {
  url: string;
  token: string;
  rconHost: string;
  rconPort: number;
  rconPassword: string;
  dataDir: string;
};

/** Each setting: its flag, its environment variable, and what --help says of it. */
const SETTINGS = [
  {
    key: 'url',
    flag: 'url',
    env: 'OUTPOST_URL',
    help: 'The panel, e.g. https://panel.example.com (required).',
  },
  {
    key: 'token',
    flag: 'token',
    env: 'OUTPOST_TOKEN',
    help: "The server's token, shown when the server was added to the panel (required).",
  },
  {
    key: 'rconHost',
    flag: 'rcon-host',
    env: 'RCON_HOST',
    help: "The game server's address, e.g. 127.0.0.1 (required).",
  },
  {
    key: 'rconPort',
    flag: 'rcon-port',
    env: 'RCON_PORT',
    help: `Its WebRCON port, the game's +rcon.port (default ${DEFAULT_RCON_PORT}).`,
  },
  {
    key: 'rconPassword',
    flag: 'rcon-password',
    env: 'RCON_PASSWORD',
    help: "The game's +rcon.password (required).",
  },
  {
    key: 'dataDir',
    flag: 'data-dir',
    env: 'BRIDGE_DATA_DIR',
    help: 'Folder for events not yet delivered to the panel (default ./bridge-data).',
  },
] as const;

export const USAGE = [
  'outpost-bridge: connects a vanilla Rust server (WebRCON, +rcon.web 1) to an Outpost panel.',
  'It dials out to both, so nothing needs to be opened inbound.',
  '',
  'Usage: outpost-bridge --url <panel> --token <server token> --rcon-host <host> --rcon-password <password>',
  '                      [--rcon-port 28016] [--data-dir ./bridge-data]',
  '',
  'Every setting is a flag or an environment variable (the flag wins):',
  ...SETTINGS.map((s) => `  --${s.flag.padEnd(14)} ${s.env.padEnd(16)} ${s.help}`),
  '  --help, -h                        This text.',
  '  --version, -v                     The version, e.g. 0.1.0.',
  '',
  'Prefer the environment for the token and the password: flags show in the process list.',
  'A password the game refuses is tried again only after 10 minutes (the game refuses an address',
  'after 5 wrong ones): set the right one and restart the bridge. The panel shows the refusal.',
  'Exit codes: 0 stopped (SIGTERM, SIGINT), 2 a setting is missing or malformed.',
].join('\n');

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type ParsedCommandLine =
  | { help: true; version?: false }
  | { help: false; version: true }
  | { help: false; version?: false; config: BridgeConfig };

/** Reads the flags and the environment; a ConfigError names the first setting that is wrong. */
export const readConfig = (argv: string[], env: NodeJS.ProcessEnv): ParsedCommandLine => {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(SETTINGS.map((s) => [s.flag, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (error) {
    // Node's message may quote the whole argument, value (a secret) included: name the flag only.
    const text = error instanceof Error ? error.message : '';
    const flag = /'(-{1,2}[^'=\s]+)/.exec(text)?.[1];
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag)
      throw new ConfigError(`${flag} needs a value`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new ConfigError('Unexpected argument (every setting is a --flag)');
    throw new ConfigError(flag ? `Unknown option ${flag}` : 'Unreadable command line');
  }
  if (values.help) return { help: true };
  if (values.version) return { help: false, version: true };
  const get = (flag: string, name: string): string | undefined => {
    const value = values[flag];
    return typeof value === 'string' ? value : env[name] === '' ? undefined : env[name];
  };
  const named = (s: (typeof SETTINGS)[number]) => `--${s.flag} (${s.env})`;
  const raw = Object.fromEntries(SETTINGS.map((s) => [s.key, get(s.flag, s.env)])) as Record<
    (typeof SETTINGS)[number]['key'],
    string | undefined
  >;
  const setting = (key: (typeof SETTINGS)[number]['key']) => SETTINGS.find((s) => s.key === key)!;

  if (!raw.url) throw new ConfigError(`${named(setting('url'))} is required: the panel's address`);
  let url: URL;
  try {
    url = new URL(raw.url);
  } catch {
    throw new ConfigError(`${named(setting('url'))} must be an http:// or https:// URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${named(setting('url'))} must be an http:// or https:// URL`);
  if (!raw.token) throw new ConfigError(`${named(setting('token'))} is required: the server token`);
  if (/\s/.test(raw.token)) throw new ConfigError(`${named(setting('token'))} must not contain spaces`);
  if (!raw.rconHost)
    throw new ConfigError(`${named(setting('rconHost'))} is required: the game server's address`);
  if (!/^[A-Za-z0-9.:\-[\]_]+$/.test(raw.rconHost))
    throw new ConfigError(`${named(setting('rconHost'))} must be a host name or an IP address`);
  const port = raw.rconPort === undefined ? DEFAULT_RCON_PORT : Number(raw.rconPort);
  if (!Number.isInteger(port) || port < 1 || port > 65535 || !/^\d+$/.test(raw.rconPort ?? String(port)))
    throw new ConfigError(`${named(setting('rconPort'))} must be a port number (1-65535)`);
  if (!raw.rconPassword)
    throw new ConfigError(`${named(setting('rconPassword'))} is required: the game's rcon.password`);
  return {
    help: false,
    config: {
      url: url.toString().replace(/\/+$/, ''),
      token: raw.token,
      rconHost: raw.rconHost.replace(/^\[(.*)\]$/, '$1'),
      rconPort: port,
      rconPassword: raw.rconPassword,
      dataDir: raw.dataDir ?? './bridge-data',
    },
  };
};
