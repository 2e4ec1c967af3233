import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { IS_PUBLIC, REQUIRED_PERMISSION, REQUIRES_SESSION } from './access.decorators';

export type RouteDeclaration = {
  method: string;
  path: string;
  access: 'public' | 'session' | 'permission' | null;
};

const joinPath = (...parts: (string | undefined)[]): string =>
  '/' +
  parts
    .filter((part): part is string => !!part)
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

/** Every controller route with the access it declares, read from Nest's own metadata. */
export const listRoutes = (app: INestApplication): RouteDeclaration[] => {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteDeclaration[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    const prefixes = [reflector.get<string | string[]>(PATH_METADATA, metatype) ?? ''].flat();
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name] as () => unknown;
      const paths = reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
      if (paths === undefined) continue; // not a route handler
      const method = RequestMethod[reflector.get<RequestMethod>(METHOD_METADATA, handler)] ?? 'GET';
      const targets = [handler, metatype];
      const access = reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)
        ? 'public'
        : reflector.getAllAndOverride<string>(REQUIRED_PERMISSION, targets)
          ? 'permission'
          : reflector.getAllAndOverride<boolean>(REQUIRES_SESSION, targets)
            ? 'session'
            : null;
      for (const prefix of prefixes)
        for (const path of [paths].flat()) routes.push({ method, path: joinPath(prefix, path), access });
    }
  }
  return routes;
};

/** /api routes that declare neither @Public(), @Authenticated() nor @RequirePermission(). */
export const findUndeclaredApiRoutes = (app: INestApplication): string[] =>
  listRoutes(app)
    .filter((route) => (route.path === '/api' || route.path.startsWith('/api/')) && route.access === null)
    .map((route) => `${route.method} ${route.path}`);
