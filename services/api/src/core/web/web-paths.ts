import path from 'node:path';
import type { AppConfig } from '../config';

/** Where the built shell lives on disk. */
export const shellDist = (config: AppConfig): string => path.join(config.webRoot, 'shell', 'dist');
/** Where a built remote lives on disk. */
export const remoteDist = (config: AppConfig, name: string): string =>
  path.join(config.webRoot, `mfe-${name}`, 'dist');
/** Where the panel serves a remote's files: /remotes/<name>/. */
export const remoteMountPath = (name: string): string => `/remotes/${name}`;
/** Where `npm run build` writes the one-file bridge the panel serves under /downloads. */
export const bridgeDist = (config: AppConfig): string =>
  path.join(config.webRoot, 'services', 'bridge', 'dist');
