import { spawn, type ChildProcess } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
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

/**
 * Starts the bridge CLI in a child process with these arguments, its environment reduced to PATH
 * and `env`.
 */
export const startBridge = (args: string[], env: Record<string, string> = {}): RunningBridge => {
  let output = '';
  const child = spawn(process.execPath, [BRIDGE_MAIN, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
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
 * The environment of the bridge command as the panel shows it first (`OUTPOST_URL=… OUTPOST_TOKEN='…'
 * … node outpost-bridge.mjs`, lines ending in a backslash), with the given settings put in (the RCON
 * port and password, which the panel cannot know). A value still left as a `<placeholder>` throws.
 */
export const bridgeEnv = (command: string, values: Record<string, string>): Record<string, string> => {
  const line = command.replace(/\\\n\s*/g, ' ').trim();
  if (!line.endsWith('node outpost-bridge.mjs')) throw new Error(`not a bridge command: ${line}`);
  const env = Object.fromEntries(
    [...line.matchAll(/([A-Z_]+)=('[^']*'|\S+)/g)].map(([, name, value]) => [
      name,
      values[name] ?? value.replace(/^'(.*)'$/, '$1'),
    ]),
  );
  for (const name of Object.keys(values)) if (!(name in env)) throw new Error(`${name} is not in: ${line}`);
  const placeholder = Object.entries(env).find(([, value]) => value.startsWith('<'));
  if (placeholder) throw new Error(`${placeholder[0]} is still ${placeholder[1]} in: ${line}`);
  return env;
};

/**
 * On the server page (open in `page`): Rotate token and show the command, confirmed; answers the
 * bridge command the page then shows, with the new token in it.
 */
export const rotateAndShowBridgeCommand = async (page: Page): Promise<string> => {
  await page.getByRole('button', { name: 'Rotate token and show the command' }).click();
  const confirm = page.getByRole('dialog', { name: 'Rotate token' });
  await confirm.getByRole('button', { name: 'Rotate token' }).click();
  await expect(confirm).toHaveCount(0);
  const command = page.getByLabel('Bridge command', { exact: true });
  await expect(command).not.toContainText('<server token>');
  return (await command.textContent()) ?? '';
};
