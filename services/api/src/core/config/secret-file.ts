import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret generated on first start and kept (mode 600) in the data folder, so it survives a
 * restart of a single instance without any set-up. Created with `wx`: two processes starting at
 * once on the same folder both read the one that won.
 */
export const loadOrCreateSecretFile = (dataDir: string, file: string, generate: () => string): string => {
  const target = path.join(dataDir, file);
  try {
    writeFileSync(target, generate(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(target, 'utf8').trim();
};
