import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import {
  IS_PUBLIC,
  REQUIRED_PERMISSION,
  REQUIRES_SESSION,
  type PermissionRequirement,
} from './access.decorators';

export type RouteDeclaration = {
  method: string;
  path: string;
  access: 'public' | 'session' | 'permission' | null;
};

/** A route and the permission it declares, as the guard enforces it and the role-matrix test reads it. */
export type PermissionRoute = { method: string; path: string; requirement: PermissionRequirement };

const joinPath = (...parts: (string | undefined)[]): string =>
  '/' +
  parts
    .filter((part): part is string => !!part)
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

const scanRoutes = (
  app: INestApplication,
): (RouteDeclaration & { requirement: PermissionRequirement | undefined })[] => {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: (RouteDeclaration & { requirement: PermissionRequirement | undefined })[] = [];
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
      const requirement = reflector.getAllAndOverride<PermissionRequirement | undefined>(
        REQUIRED_PERMISSION,
        targets,
      );
      const access = reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)
        ? 'public'
        : requirement
          ? 'permission'
          : reflector.getAllAndOverride<boolean>(REQUIRES_SESSION, targets)
            ? 'session'
            : null;
      for (const prefix of prefixes)
        for (const path of [paths].flat())
          routes.push({ method, path: joinPath(prefix, path), access, requirement });
    }
  }
  return routes;
};

/** Every controller route with the access it declares, read from Nest's own metadata. */
export const listRoutes = (app: INestApplication): RouteDeclaration[] =>
  scanRoutes(app).map(({ method, path, access }) => ({ method, path, access }));

/** Every route that declares @RequirePermission, with what it declares. */
export const listPermissionRoutes = (app: INestApplication): PermissionRoute[] =>
  scanRoutes(app).flatMap(({ method, path, requirement }) =>
    requirement ? [{ method, path, requirement }] : [],
  );

/** /api routes that declare neither @Public(), @Authenticated() nor @RequirePermission(). */
export const findUndeclaredApiRoutes = (app: INestApplication): string[] =>
  listRoutes(app)
    .filter((route) => (route.path === '/api' || route.path.startsWith('/api/')) && route.access === null)
    .map((route) => `${route.method} ${route.path}`);
