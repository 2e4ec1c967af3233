import { z } from 'zod';

// The building blocks @outpost/validation uses for its fields (not on its public face).

/** A string field whose missing value reads `required` and whose wrong type reads `invalid`. */
export const text = (required: string, invalid: string = required) =>
  z.string({ error: (issue) => (issue.input == null ? required : invalid) });

/** Stop at the first broken rule, so a field answers with one message. */
export const first = (error: string) => ({ error, abort: true });
