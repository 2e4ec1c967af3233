// Plain functions for forms: the first error message, or null when the value is fine.
import { z } from 'zod';
import {
  connectionAddressSchema,
  descriptionSchema,
  emailSchema,
  gradientSchema,
  networkNameSchema,
  serverNameSchema,
} from './fields';
import { inviteCodeSchema } from './invite-code';
import { firstError } from './issues';
import { MESSAGES } from './messages';
import { usernameSchema } from './username';

export const validateServerName = (value: unknown): string | null =>
  firstError(serverNameSchema, value, MESSAGES.serverNameFallback);
export const validateNetworkName = (value: unknown): string | null => firstError(networkNameSchema, value);
/** The description is optional: absent or empty passes. */
export const validateDescription = (value: unknown): string | null =>
  firstError(descriptionSchema.optional(), value);
export const validateConnectionAddress = (value: unknown): string | null =>
  firstError(connectionAddressSchema, value);
export const validateInviteCode = (value: unknown): string | null => firstError(inviteCodeSchema, value);
export const validateGradient = (value: unknown): string | null => firstError(gradientSchema, value);
export const validateUsername = (value: unknown): string | null => firstError(usernameSchema, value);
export const validateEmail = (value: unknown): string | null => firstError(emailSchema, value);

/** Whether a value passes a schema, for code that needs only yes or no. */
export const isValid = (schema: z.ZodType, value: unknown): boolean => schema.safeParse(value).success;

/**
 * A number typed in a text field as a request body carries it: null when nothing is typed, the
 * number, or the text as typed when it is none (so the body's schema answers with its message).
 */
export const numberInput = (typed: string): number | string | null => {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : typed;
};
