import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The one-file build (rspack.config.mjs) writes the version in; the tsc build reads package.json.
declare const __OUTPOST_BRIDGE_VERSION__: string | undefined;

const fromPackage = (): string => {
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
};

/** This bridge's version, sent to the panel with every heartbeat and printed by --version. */
export const BRIDGE_VERSION: string =
  typeof __OUTPOST_BRIDGE_VERSION__ === 'string' ? __OUTPOST_BRIDGE_VERSION__ : fromPackage();

/** The name the panel shows: "Connected through outpost-bridge 1.2.3". */
export const BRIDGE_NAME = 'outpost-bridge';
