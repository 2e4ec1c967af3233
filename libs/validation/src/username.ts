// The spec leaves username rules to the availability call ("its rules are not shown"); these are
// ours: short enough for a badge, safe in a URL, and not mistakable for staff or the system.
import { MESSAGES } from './messages';
import { first, text } from './text';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

export const USERNAME_RULES =
  'Usernames are 3 to 20 characters long and use only letters, numbers and underscores. Some names, such as admin or support, are reserved.';

/** Compared case-insensitively. */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'help',
  'demo',
  'demo_user',
  'api',
  'outpost',
  'moderator',
  'mod',
  'owner',
  'staff',
  'official',
  'security',
  'server',
  'console',
  'anonymous',
  'null',
  'undefined',
  'me',
  'you',
];

export const isReservedUsername = (value: string): boolean =>
  RESERVED_USERNAMES.includes(value.trim().toLowerCase());

export const usernameSchema = text(MESSAGES.usernameRequired)
  .trim()
  .min(USERNAME_MIN_LENGTH, first(MESSAGES.usernameTooShort))
  .max(USERNAME_MAX_LENGTH, first(MESSAGES.usernameTooLong))
  .regex(USERNAME_PATTERN, first(MESSAGES.usernameInvalidChars))
  .refine((value) => !isReservedUsername(value), first(MESSAGES.usernameReserved));
