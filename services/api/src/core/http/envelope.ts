import type { ServerResponse } from 'node:http';
import {
  StreamableFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { apiSuccess } from '@outpost/contracts';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { isApiPath, pathOf } from './api-paths';

/** The answers of routes that opted out of the envelope, marked before their handler runs. */
const unwrapped = new WeakSet<ServerResponse>();

const markUnwrapped: NestInterceptor = {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') unwrapped.add(context.switchToHttp().getResponse<ServerResponse>());
    return next.handle();
  },
};

/** Opts a handler (or controller) out of the {success, data} envelope, e.g. a file download. */
export const NoEnvelope = (): MethodDecorator & ClassDecorator => UseInterceptors(markUnwrapped);

/** What a handler's answer goes out as: {success: true, data} on /api, unless its route opted out. */
const enveloped = (response: ServerResponse & { req: Request }, body: unknown): unknown =>
  body instanceof StreamableFile || unwrapped.has(response) || !isApiPath(pathOf(response.req.originalUrl))
    ? body
    : apiSuccess(body ?? null);

/**
 * Wraps what /api handlers answer as {success: true, data}, where every handler's answer goes out
 * (the HTTP adapter's reply; the exception filter writes errors itself). Not a global interceptor:
 * Nest runs each route that has one through an rxjs pipeline of its own, which cost a request more
 * CPU than the envelope (bench/players-query); only the few routes that opt out have one.
 */
export const envelopeAnswers = (app: NestExpressApplication): void => {
  const adapter = app.getHttpAdapter();
  const reply = adapter.reply.bind(adapter);
  adapter.reply = (response: ServerResponse & { req: Request }, body: unknown, statusCode?: number) =>
    reply(response, enveloped(response, body), statusCode);
};
