import { AUTOMATION_MESSAGES } from '@outpost/validation';
import { errorsOf } from '../../core/http';

export const AUTOMATION_ERRORS = {
  notFound: { code: 'NOT_FOUND', message: 'Automation not found' },
  unknownServer: {
    code: 'VALIDATION_FAILED',
    field: 'serverIds',
    message: AUTOMATION_MESSAGES.unknownServer,
  },
  /** Thrown with the details naming the action (actions.N.channelIds). */
  unknownChannel: {
    code: 'VALIDATION_FAILED',
    field: 'actions',
    message: AUTOMATION_MESSAGES.unknownChannel,
  },
  notASchedule: {
    code: 'CONFLICT',
    message: 'Run now starts a schedule: a trigger runs when its event happens (try its dry run)',
  },
  notATrigger: { code: 'CONFLICT', message: 'A dry run replays a trigger’s events: a schedule has Run now' },
  noServer: {
    code: 'CONFLICT',
    message: 'The automation has no server to run on: add a server to the network first',
  },
  invalidCursor: { code: 'VALIDATION_FAILED', field: 'cursor', message: 'Cursor is not valid' },
} as const;

export const automationErrors = errorsOf(AUTOMATION_ERRORS);
