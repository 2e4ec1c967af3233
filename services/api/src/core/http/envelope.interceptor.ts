import {
  Injectable,
  SetMetadata,
  StreamableFile,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { apiSuccess } from '@outpost/contracts';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import { isApiPath, pathOf } from './api-paths';

const NO_ENVELOPE = 'outpost:no-envelope';

/** Opts a handler (or controller) out of the {success, data} envelope, e.g. a file download. */
export const NoEnvelope = (): MethodDecorator & ClassDecorator => SetMetadata(NO_ENVELOPE, true);

/** Wraps what /api handlers return as {success: true, data}. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const optedOut = this.reflector.getAllAndOverride<boolean>(NO_ENVELOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (optedOut || !isApiPath(pathOf(request.originalUrl))) return next.handle();
    return next
      .handle()
      .pipe(map((data: unknown) => (data instanceof StreamableFile ? data : apiSuccess(data ?? null))));
  }
}
