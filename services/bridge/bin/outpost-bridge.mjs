#!/usr/bin/env node
// `npx --no-install outpost-bridge` in a checkout. npm links this file when it installs, before
// anything is built, so it is committed and runs the one-file build that `npm run build` writes.
import { existsSync } from 'node:fs';

const built = new URL('../dist/outpost-bridge.mjs', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write(
    'outpost-bridge is not built yet: run npm run build first (in the repository root), then run this again.\n',
  );
  process.exit(1);
}
await import(built.href);
