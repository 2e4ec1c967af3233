#!/usr/bin/env node
// npm run simulate -- --url http://localhost:3000 --token <server token> --players 100 [--interval 10]
import { parseArgs } from 'node:util';
import { SimulatedServer } from '@outpost/simulation';

const USAGE =
  'Usage: npm run simulate -- --url <panel url> --token <server token> [--players 100] [--interval <seconds>] [--hostname <name>] [--seed <n>]';

const fail = (message: string): never => {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
};

const positiveInt = (value: string | undefined, name: string, fallback?: number): number | undefined => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number`);
  return n;
};

const main = (): void => {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        players: { type: 'string' },
        interval: { type: 'string' },
        hostname: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return void console.log(USAGE);
  if (!values.url || !/^https?:\/\//.test(values.url))
    return fail('--url must be the panel, e.g. http://localhost:3000');
  if (!values.token) return fail('--token is required: the token shown when the server was added');
  const players = positiveInt(values.players, 'players', 100) ?? 100;
  if (players > 1000) return fail('--players must be at most 1000');
  const interval = positiveInt(values.interval, 'interval');
  if (interval === 0) return fail('--interval must be at least 1');

  const server = new SimulatedServer({
    baseUrl: values.url,
    token: values.token,
    players,
    intervalSeconds: interval,
    hostname: values.hostname,
    seed: positiveInt(values.seed, 'seed'),
  });
  server.start();
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main();
