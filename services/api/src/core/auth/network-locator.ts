import type { EntityManager } from '@mikro-orm/core';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@outpost/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { accessErrors } from '../access';
import { ZodPipe, type DomainError } from '../http';

/** The row a route is about, once found: its network, and the row itself for the handler. */
export type Located<T = unknown> = { networkId: string; subject?: T };

/** Where a route's network id (or the id of a row in the network) is read from. */
export type LocatorSource = 'param' | 'query' | 'body';

/**
 * How a route finds the network it is about. `kind` and `key` say what it reads (for the route
 * list and the role-matrix test); `locate` answers the network, or null for an unknown id, which
 * the guard answers with `notFound` (a 404), exactly as a network the caller is not in.
 */
export type NetworkLocator = {
  readonly kind: 'network' | 'server' | 'invite' | 'report' | 'punishment';
  readonly source: LocatorSource;
  readonly key: string;
  readonly notFound: () => DomainError;
  locate(request: Request, em: EntityManager): Promise<Located | null>;
};

/**
 * The value at `source`.`key`. A body or query is first parsed whole with the route's own schema,
 * so bad input answers the same 400 (field messages and all) before anyone is told 404 or 403.
 */
export const readKey = (request: Request, source: LocatorSource, key: string, schema?: z.ZodType): string => {
  const bag: unknown =
    source === 'param' ? request.params : source === 'query' ? request.query : request.body;
  const parsed: unknown = schema ? new ZodPipe(schema).transform(bag) : bag;
  const value = (parsed as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
};

/** The network is named directly: `/api/networks/:id/...`, `?networkId=`, `{networkId}`. */
export const networkAt = (source: LocatorSource, key: string, schema?: z.ZodType): NetworkLocator => ({
  kind: 'network',
  source,
  key,
  notFound: accessErrors.networkNotFound,
  locate: async (request) => {
    const networkId = readKey(request, source, key, schema);
    // An empty id can name no network; the membership lookup answers 404 for it.
    return { networkId };
  },
});

/** `/api/networks/:id/...` (or another parameter naming the network). */
export const networkParam = (key = 'id'): NetworkLocator => networkAt('param', key);

/** The caller's access to the route's network, as the AccessGuard found it. */
export type GrantedAccess<T = undefined> = {
  networkId: string;
  userId: string;
  memberId: string;
  role: Role;
  /** The row the locator read to find the network (a server, an invite), when it read one. */
  subject: T;
};

export type RequestWithAccess = Request & { routeAccess?: GrantedAccess<unknown> };

/**
 * The handler's view of what the guard granted. Only on routes whose @RequirePermission names
 * a `network` locator; anywhere else it is a programming error (a 500), never a guess.
 */
export const RouteAccess = createParamDecorator(
  (_data: unknown, context: ExecutionContext): GrantedAccess<unknown> => {
    const access = context.switchToHttp().getRequest<RequestWithAccess>().routeAccess;
    if (!access) throw new Error('@RouteAccess() on a route whose @RequirePermission names no network');
    return access;
  },
);
