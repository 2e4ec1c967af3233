import type { Configuration } from '@rspack/core';

export declare const DEV_PORTS: Record<'shell' | 'landing' | 'account' | 'networks' | 'players', number>;

export declare const createWebConfig: (options: {
  projectRoot: string;
  app: keyof typeof DEV_PORTS;
  federationName: string;
  exposes?: Record<string, string>;
  define?: Record<string, string>;
}) => Configuration;

export declare const webResolve: NonNullable<Configuration['resolve']>;

export declare const scriptRule: (options?: { production?: boolean }) => Record<string, unknown>;
