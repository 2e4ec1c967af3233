import type { LogLevel as NestLogLevel } from '@nestjs/common';
import type { LogLevel } from './app-config';

const ORDER: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];
const NEST_LEVELS: Readonly<Record<LogLevel, readonly NestLogLevel[]>> = {
  silent: [],
  error: ['fatal', 'error'],
  warn: ['warn'],
  info: ['log'],
  debug: ['debug', 'verbose'],
};

/** Nest's logger levels for a LOG_LEVEL: the level itself and every more serious one. */
export const nestLogLevels = (level: LogLevel): NestLogLevel[] =>
  ORDER.slice(0, ORDER.indexOf(level) + 1).flatMap((each) => NEST_LEVELS[each]);
