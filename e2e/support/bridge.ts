import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './server';

/**
 * The one-file build of `outpost-bridge` (services/bridge): what the panel serves and what
 * `npx --no-install outpost-bridge` runs in a checkout.
 */
export const BRIDGE_MAIN = path.join(repoRoot, 'services/bridge/dist/outpost-bridge.mjs');

export type RunningBridge = {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Its exit code (null: ended by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then its exit code; SIGKILL if it is still running after `graceMs`. */
  stop: (graceMs?: number) => Promise<number | null>;
};

/** Starts the bridge CLI in a child process with these arguments, its environment reduced to PATH. */
export const startBridge = (args: string[]): RunningBridge => {
  let output = '';
  const child = spawn(process.execPath, [BRIDGE_MAIN, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const take = (chunk: Buffer) => void (output += String(chunk));
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (graceMs = 8_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    }
    return exited;
  };
  return { child, output: () => output, exited, stop };
};

/**
 * The arguments of a command line as the panel shows it (`node outpost-bridge.mjs --url … --token …`),
 * with the given flags' values put in (the RCON port and password, which the panel cannot know).
 * A value still left as a `<placeholder>` throws: the command would not run as shown.
 */
export const bridgeArgs = (commandLine: string, values: Record<string, string>): string[] => {
  const line = commandLine.trim();
  if (!line.startsWith('node outpost-bridge.mjs ')) throw new Error(`not a bridge command: ${line}`);
  const flags = [...line.matchAll(/(--[a-z-]+) (<[^>]*>|\S+)/g)].map(([, flag, value]) => ({
    flag,
    value: values[flag] ?? value,
  }));
  for (const flag of Object.keys(values))
    if (!flags.some((shown) => shown.flag === flag)) throw new Error(`${flag} is not in: ${line}`);
  const placeholder = flags.find(({ value }) => value.startsWith('<'));
  if (placeholder) throw new Error(`${placeholder.flag} is still ${placeholder.value} in: ${line}`);
  return flags.flatMap(({ flag, value }) => [flag, value]);
};
