// Field rules of spec section 5, as zod schemas. Values are trimmed before they are measured.
// Letters and digits are Unicode letters and digits (\p{L}\p{M}\p{N}): communities name their
// servers in their own languages, and no allowed character is special in HTML.
import { GRADIENT_DIRECTIONS, LIMITS } from '@outpost/contracts';
import { z } from 'zod';
import { isConnectionAddress } from './address';
import { MESSAGES } from './messages';
import { first, text } from './text';

export const SERVER_NAME_PATTERN = /^[\p{L}\p{M}\p{N} \-_#.()[\]{}]+$/u;
export const NETWORK_NAME_PATTERN = /^[\p{L}\p{M}\p{N} \-_#.()[\]{}!?,:;]+$/u;
/** Descriptions may hold any text but control characters (tab and line breaks are fine) and < >. */
export const DESCRIPTION_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F<>]*$/u;
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A required, trimmed name: one message per broken rule, in the order the spec lists them. */
const nameSchema = (
  max: number,
  pattern: RegExp,
  messages: Record<'required' | 'invalid' | 'tooLong' | 'chars', string>,
) =>
  text(messages.required, messages.invalid)
    .trim()
    .min(1, first(messages.required))
    .max(max, first(messages.tooLong))
    .regex(pattern, first(messages.chars));

export const serverNameSchema = nameSchema(LIMITS.serverName, SERVER_NAME_PATTERN, {
  required: MESSAGES.serverNameRequired,
  invalid: MESSAGES.serverNameFallback,
  tooLong: MESSAGES.serverNameTooLong,
  chars: MESSAGES.serverNameInvalidChars,
});

export const networkNameSchema = nameSchema(LIMITS.networkName, NETWORK_NAME_PATTERN, {
  required: MESSAGES.networkNameRequired,
  invalid: MESSAGES.networkNameInvalid,
  tooLong: MESSAGES.networkNameTooLong,
  chars: MESSAGES.networkNameInvalidChars,
});

/** Optional in the requests; an empty description is allowed. */
export const descriptionSchema = text(MESSAGES.descriptionInvalid)
  .trim()
  .max(LIMITS.description, first(MESSAGES.descriptionTooLong))
  .regex(DESCRIPTION_PATTERN, first(MESSAGES.descriptionInvalidChars));

export const connectionAddressSchema = text(MESSAGES.addressRequired, MESSAGES.addressFormat)
  .trim()
  .min(1, first(MESSAGES.addressRequired))
  .max(LIMITS.address, first(MESSAGES.addressTooLong))
  .refine(isConnectionAddress, first(MESSAGES.addressFormat));

const hexColorSchema = text(MESSAGES.gradientColor)
  .trim()
  .regex(HEX_COLOR_PATTERN, first(MESSAGES.gradientColor));

export const gradientDirectionSchema = z.enum(GRADIENT_DIRECTIONS, { error: MESSAGES.gradientDirection });

export const gradientSchema = z.strictObject(
  { from: hexColorSchema, to: hexColorSchema, direction: gradientDirectionSchema },
  { error: MESSAGES.gradientInvalid },
);

export const emailSchema = text(MESSAGES.emailInvalid)
  .trim()
  .max(254, first(MESSAGES.emailInvalid))
  .regex(z.regexes.email, first(MESSAGES.emailInvalid));
