// GET /api/servers/{id}/logs and GET /api/networks/{id}/logs: filters of the Logs timeline, and
// the keyset cursor its pages are read back with.
import {
  LOG_PAGE_DEFAULT,
  LOG_PAGE_MAX,
  LOG_SEARCH_MAX_LENGTH,
  LOG_TYPES,
  type LogType,
} from '@outpost/contracts';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { absentWhenEmpty, queryNumber } from './requests';
import { first, text } from './text';

/** Where a page ended: the last entry's time and id (entries are ordered by both, newest first). */
export type LogCursor = { at: Date; id: string };

const toBase64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (value: string) => atob(value.replace(/-/g, '+').replace(/_/g, '/'));

/** Opaque to clients: the next page's `before`. */
export const encodeLogCursor = ({ at, id }: LogCursor): string => toBase64Url(`${at.getTime()}.${id}`);

/** The cursor, or null when it is not one this API made. */
export const decodeLogCursor = (cursor: string): LogCursor | null => {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  let decoded: string;
  try {
    decoded = fromBase64Url(cursor);
  } catch {
    return null;
  }
  const match = /^(\d{1,15})\.([A-Za-z0-9-]{1,64})$/.exec(decoded);
  if (!match) return null;
  const at = new Date(Number(match[1]));
  return Number.isNaN(at.getTime()) ? null : { at, id: match[2] };
};

/** An ISO time query parameter (with an offset), as a Date; absent when empty. */
export const isoTime = (error: string) =>
  absentWhenEmpty(
    z.iso
      .datetime({ offset: true, error })
      .transform((value) => new Date(value))
      .optional(),
  );

const typesSchema = absentWhenEmpty(
  text(MESSAGES.logsTypes)
    .transform((value, ctx): LogType[] => {
      const types = [...new Set(value.split(',').map((type) => type.trim()))];
      if (types.some((type) => !(LOG_TYPES as readonly string[]).includes(type))) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.logsTypes });
        return z.NEVER;
      }
      return types as LogType[];
    })
    .optional(),
);

/** A `before` query parameter: a keyset cursor this API made (logs, punishments), else `message`. */
export const keysetCursorSchema = (message: string) =>
  absentWhenEmpty(
    text(message)
      .transform((value, ctx): LogCursor => {
        const cursor = decodeLogCursor(value);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return cursor;
      })
      .optional(),
  );

const cursorSchema = keysetCursorSchema(MESSAGES.logsCursor);

const logsQueryFields = {
  types: typesSchema,
  search: absentWhenEmpty(
    text(MESSAGES.searchTooLong).trim().max(LOG_SEARCH_MAX_LENGTH, first(MESSAGES.searchTooLong)).optional(),
  ),
  from: isoTime(MESSAGES.logsFrom),
  to: isoTime(MESSAGES.logsTo),
  before: cursorSchema,
  limit: queryNumber(1, LOG_PAGE_MAX, MESSAGES.logsLimit, LOG_PAGE_DEFAULT),
};

const rangeInOrder = (query: { from?: Date; to?: Date }) =>
  !query.from || !query.to || query.from.getTime() <= query.to.getTime();

/** A server's logs. Unknown query keys are ignored (caches and tools add their own). */
export const serverLogsQuerySchema = z
  .object(logsQueryFields)
  .refine(rangeInOrder, { error: MESSAGES.logsRange, path: ['from'] });

/** A network's logs: the same, and optionally one of its servers. */
export const networkLogsQuerySchema = z
  .object({
    ...logsQueryFields,
    serverId: absentWhenEmpty(text(MESSAGES.serverIdRequired).trim().optional()),
  })
  .refine(rangeInOrder, { error: MESSAGES.logsRange, path: ['from'] });

export type ServerLogsQueryInput = z.output<typeof serverLogsQuerySchema>;
export type NetworkLogsQueryInput = z.output<typeof networkLogsQuerySchema>;
