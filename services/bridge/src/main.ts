#!/usr/bin/env node
// outpost-bridge: a vanilla Rust server's WebRCON <-> the panel's plugin protocol. See --help.
import { createRedactor } from '@outpost/rcon';
import { Bridge } from './bridge';
import { ConfigError, readConfig, USAGE } from './config';
import { createLogger } from './logger';
import { BRIDGE_VERSION } from './version';

const main = (): void => {
  // Secrets are redacted from every line, including a failure before the settings are read.
  const redact = createRedactor([
    process.env.OUTPOST_TOKEN,
    process.env.RCON_PASSWORD,
    ...flagValues(process.argv.slice(2), ['--token', '--rcon-password']),
  ]);
  const log = createLogger(redact);
  process.on('uncaughtException', (error) => {
    log.error(`stopped: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  let parsed;
  try {
    parsed = readConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${redact(error.message)}\nRun outpost-bridge --help for every setting.\n`);
    process.exit(2);
  }
  if (parsed.help) return void process.stdout.write(`${USAGE}\n`);
  if (parsed.version) return void process.stdout.write(`${BRIDGE_VERSION}\n`);
  const bridge = new Bridge(parsed.config, log);
  bridge.start();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: delivering what it can within 5 s`);
    void bridge.stop(5_000).then((left) => {
      log.info(
        left > 0
          ? `stopped; ${left} events kept on disk for the next start`
          : 'stopped; nothing left to deliver',
      );
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
};

/** The values given to these flags (`--flag value` or `--flag=value`), so they are redacted too. */
const flagValues = (argv: string[], flags: string[]): string[] =>
  argv.flatMap((arg, i) => {
    const [name, inline] = arg.split(/=(.*)/s);
    if (!flags.includes(name)) return [];
    return inline !== undefined ? [inline] : argv[i + 1] !== undefined ? [argv[i + 1]] : [];
  });

main();
