import { readFileSync } from 'node:fs';
import path from 'node:path';

// This file sits at the same depth in src/ and in dist/, so the same relative walk finds the
// package folder whether the code runs from source (tests) or from the build (npm start).
export const API_ROOT = path.resolve(__dirname, '../../..');
export const REPO_ROOT = path.resolve(API_ROOT, '../..');

const readVersion = (): string => {
  const pkg = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
};

/** The API's version, from its package.json. */
export const APP_VERSION = readVersion();
