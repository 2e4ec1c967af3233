// Building blocks of request bodies that several areas share: a toggle, a number that may be
// cleared, a PATCH body.
import { z } from 'zod';

/** `enabled`: true or false, or left out. */
export const enabledField = (error: string) => z.boolean({ error }).optional();

/**
 * A PATCH body: `body` (usually the POST body with what POST requires made optional), and at least
 * one of its fields sent (else `nothingToChange`, on the body as a whole).
 */
export const patchBody = <S extends z.ZodObject>(body: S, nothingToChange: string) =>
  body.refine((value) => Object.values(value as object).some((field) => field !== undefined), {
    error: nothingToChange,
  });

/** A number within `range` (a whole one when `int`), or null, or left out: one message for all. */
export const numberOrNull = (range: { min: number; max: number }, error: string, int = false) => {
  const number = z.number({ error });
  return z
    .union(
      [(int ? number.int({ error }) : number).min(range.min, { error }).max(range.max, { error }), z.null()],
      { error },
    )
    .optional();
};
