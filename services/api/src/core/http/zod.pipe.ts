import type { PipeTransform } from '@nestjs/common';
import { validateRequest } from '@outpost/validation';
import type { z } from 'zod';
import { httpErrors } from './http.errors';

/**
 * Parses a body, query or param with a zod schema (usually one of @outpost/validation's, so the
 * API and the forms say the same thing): `@Body(new ZodPipe(createNetworkSchema)) body`.
 * On failure: 400 VALIDATION_FAILED, error = the first message, details = one per field.
 */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = validateRequest(this.schema, value);
    if (result.success) return result.data;
    throw httpErrors.invalidInput(result.error, { details: result.details });
  }
}
