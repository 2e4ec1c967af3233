// Turning zod's issues into what a person or a client reads: the first message for a form, and
// {field, message} details for the API's 400 answer.
import type { ApiErrorDetail } from '@outpost/contracts';
import type { z } from 'zod';
import { MESSAGES } from './messages';

type IssueLike = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
};

/** One detail per field (its first issue), the field path joined by '.'; unknown keys named. */
export const zodIssuesToDetails = (error: { issues: readonly IssueLike[] }): ApiErrorDetail[] => {
  const details: ApiErrorDetail[] = [];
  const seen = new Set<string>();
  const add = (path: readonly PropertyKey[], message: string) => {
    const field = path.map(String).join('.');
    if (seen.has(field)) return;
    seen.add(field);
    details.push({ field, message });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add([...issue.path, key], MESSAGES.unknownField(key));
    } else {
      add(issue.path, issue.message);
    }
  }
  return details;
};

/** The first message of a failed parse, or null when the value is valid. */
export const firstError = (schema: z.ZodType, value: unknown, fallback?: string): string | null => {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return zodIssuesToDetails(result.error)[0]?.message ?? fallback ?? 'Invalid value';
};

export type ValidationResult<T> =
  { success: true; data: T } | { success: false; error: string; details: ApiErrorDetail[] };

/** Parses a request body or query; on failure gives the first message and every field's detail. */
export const validateRequest = <S extends z.ZodType>(
  schema: S,
  value: unknown,
): ValidationResult<z.output<S>> => {
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data };
  const details = zodIssuesToDetails(result.error);
  return { success: false, error: details[0]?.message ?? 'Invalid request', details };
};

/** The API's 400 details for a value (none when it passes): what a form shows before it sends. */
export const requestErrors = (schema: z.ZodType, value: unknown): ApiErrorDetail[] => {
  const result = validateRequest(schema, value);
  return result.success ? [] : result.details;
};

/**
 * Each field's first message, keyed by the field a form shows it beside: the detail's field cut to
 * `depth` parts ("steamIds.3" is the steamIds field at depth 1).
 */
export const messagesByField = (
  details: readonly ApiErrorDetail[],
  depth = Number.POSITIVE_INFINITY,
): Partial<Record<string, string>> => {
  const messages: Partial<Record<string, string>> = {};
  for (const { field, message } of details) messages[field.split('.').slice(0, depth).join('.')] ??= message;
  return messages;
};
