// The F7 reports inbox (issue 19): the lists' query, a report's state and assignee, a note.
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_PAGE_DEFAULT,
  REPORT_PAGE_MAX,
  REPORT_STATES,
} from '@outpost/contracts';
import { z } from 'zod';
import { keysetCursorSchema } from './logs';
import { absentWhenEmpty, queryNumber } from './requests';
import { first, text } from './text';

export const REPORT_MESSAGES = {
  state: `State must be one of ${REPORT_STATES.join(', ')}`,
  cursor: 'Before must be the cursor of a previous page',
  limit: `Limit must be a whole number from 1 to ${REPORT_PAGE_MAX}`,
  assignee: 'Assignee must be a member of this network who works reports, or null',
  nothingToChange: 'Send at least one of state or assigneeId',
  noteRequired: 'Note must not be empty',
  noteTooLong: `Note must be ${REPORT_NOTE_MAX_LENGTH} characters or less`,
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
