// Building blocks shared by the field rules.
import { z } from 'zod';

/**
 * A string field whose missing value (undefined or null) reads `required` and whose wrong type
 * reads `invalid`: a client that omits a field gets the message a person would see in the form.
 */
export const text = (required: string, invalid: string = required) =>
  z.string({ error: (issue) => (issue.input == null ? required : invalid) });

/** Stop at the first broken rule, so a field answers with one message, the most basic first. */
export const first = (error: string) => ({ error, abort: true });
