import { REPORT_MESSAGES } from '@outpost/validation';
import { errorsOf, type ErrorTable } from '../../core/http';

export const REPORT_ERRORS = {
  /** An unknown report, or one of another network (the route guard's 404). */
  notFound: { code: 'NOT_FOUND', message: 'Report not found' },
  noScreenshot: { code: 'NOT_FOUND', message: 'This report has no screenshot' },
  /** An assignee who is not a member of the report's network allowed to work reports. */
  assigneeInvalid: { code: 'VALIDATION_FAILED', message: REPORT_MESSAGES.assignee, field: 'assigneeId' },
  /** The game's reports URL called without this server's reports key. */
  wrongKey: {
    code: 'UNAUTHORIZED',
    message: "key must be this server's reports key (server.reportsServerEndpointKey)",
    field: 'key',
  },
} as const satisfies ErrorTable;

export type ReportErrorCode = keyof typeof REPORT_ERRORS;
export const reportErrors = errorsOf(REPORT_ERRORS);
