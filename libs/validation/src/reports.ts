// The F7 reports inbox (issue 19): the lists' query, a report's state and assignee, a note; and
// what makes a POST to a server's reports URL (the game's own report) a report at all.
import {
  REPORT_DATA_MAX_BYTES,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_PAGE_DEFAULT,
  REPORT_PAGE_MAX,
  REPORT_STATES,
  type ApiErrorDetail,
} from '@outpost/contracts';
import { z } from 'zod';
import { keysetCursorSchema } from './logs';
import { absentWhenEmpty, queryNumber } from './requests';
import { first, text } from './text';

/** The game's report is a few levels deep; far deeper JSON is not a report (and costs a stack). */
export const REPORT_DATA_MAX_DEPTH = 32;

export const REPORT_MESSAGES = {
  state: `State must be one of ${REPORT_STATES.join(', ')}`,
  cursor: 'Before must be the cursor of a previous page',
  limit: `Limit must be a whole number from 1 to ${REPORT_PAGE_MAX}`,
  assignee: 'Assignee must be a member of this network who works reports, or null',
  nothingToChange: 'Send at least one of state or assigneeId',
  noteRequired: 'Note must not be empty',
  noteTooLong: `Note must be ${REPORT_NOTE_MAX_LENGTH} characters or less`,
  dataMissing: 'data must hold the report (the JSON the game sends)',
  dataTooLarge: `data must be ${REPORT_DATA_MAX_BYTES / 1024} KB or less without its screenshot`,
  dataTooDeep: `data must not be nested more than ${REPORT_DATA_MAX_DEPTH} levels deep`,
} as const;

/** GET /api/servers/{id}/reports and /api/networks/{id}/reports. Unknown keys are ignored. */
export const reportsQuerySchema = z.object({
  state: absentWhenEmpty(z.enum(REPORT_STATES, { error: REPORT_MESSAGES.state }).optional()),
  before: keysetCursorSchema(REPORT_MESSAGES.cursor),
  limit: queryNumber(1, REPORT_PAGE_MAX, REPORT_MESSAGES.limit, REPORT_PAGE_DEFAULT),
});
export type ReportsQueryInput = z.output<typeof reportsQuerySchema>;

const assigneeSchema = z.union(
  [
    text(REPORT_MESSAGES.assignee)
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, first(REPORT_MESSAGES.assignee)),
    z.null(),
  ],
  { error: REPORT_MESSAGES.assignee },
);

/** PATCH /api/reports/{id}: unknown fields are refused. */
export const updateReportSchema = z
  .strictObject({
    state: z.enum(REPORT_STATES, { error: REPORT_MESSAGES.state }).optional(),
    assigneeId: assigneeSchema.optional(),
  })
  .refine((body) => body.state !== undefined || body.assigneeId !== undefined, {
    error: REPORT_MESSAGES.nothingToChange,
  });
export type UpdateReportInput = z.output<typeof updateReportSchema>;

/** POST /api/reports/{id}/notes. */
export const addReportNoteSchema = z.strictObject({
  text: text(REPORT_MESSAGES.noteRequired)
    .trim()
    .min(1, first(REPORT_MESSAGES.noteRequired))
    .max(REPORT_NOTE_MAX_LENGTH, first(REPORT_MESSAGES.noteTooLong)),
});
export type AddReportNoteInput = z.output<typeof addReportNoteSchema>;

/** How deep JSON text nests objects and arrays, read without parsing it (strings skipped). */
const nestingOf = (json: string): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth -= 1;
  }
  return deepest;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What makes a POST to a server's reports URL (the game's form of data, userid and key) not a
 * report at all (400 naming data, nothing stored), or null. Reading the report itself is lenient.
 */
export const nativeReportProblem = (body: unknown): ApiErrorDetail | null => {
  if (!isObject(body) || (typeof body.data !== 'string' && !isObject(body.data)))
    return { field: 'data', message: REPORT_MESSAGES.dataMissing };
  const json = typeof body.data === 'string' ? body.data : JSON.stringify(body.data);
  // The screenshot is measured on its own (and kept or refused by its own cap).
  const image = /"Image"\s*:\s*"([^"]*)"/.exec(json)?.[1] ?? '';
  if (new TextEncoder().encode(json).length - image.length > REPORT_DATA_MAX_BYTES)
    return { field: 'data', message: REPORT_MESSAGES.dataTooLarge };
  if (nestingOf(json) > REPORT_DATA_MAX_DEPTH) return { field: 'data', message: REPORT_MESSAGES.dataTooDeep };
  return null;
};
