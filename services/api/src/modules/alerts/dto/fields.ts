import { z } from 'zod';

// The building blocks @outpost/validation uses for its fields (not on its public face).

/** A string field whose missing value reads `required` and whose wrong type reads `invalid`. */
export const text = (required: string, invalid: string = required) =>
  z.string({ error: (issue) => (issue.input == null ? required : invalid) });

/** Stop at the first broken rule, so a field answers with one message. */
export const first = (error: string) => ({ error, abort: true });

/** `enabled`: true or false, or left out. */
export const enabledField = (error: string) => z.boolean({ error }).optional();

/**
 * A PATCH body: only the fields `shape` names, each as optional as it is there, and at least one
 * of them sent (else `nothingToChange`, on the body as a whole).
 */
export const patchBody = <S extends z.ZodRawShape>(shape: S, nothingToChange: string) =>
  z.strictObject(shape).refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: nothingToChange,
  });

/** A number within `range` (a whole one when `int`), or null, or left out: one message for all. */
export const numberOrNull = (range: { min: number; max: number }, error: string, int = false) => {
  const number = z.number({ error });
  return z
    .union(
      [(int ? number.int({ error }) : number).min(range.min, { error }).max(range.max, { error }), z.null()],
      {
        error,
      },
    )
    .optional();
};
