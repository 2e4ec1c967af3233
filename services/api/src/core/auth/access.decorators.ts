import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { Permission } from '@outpost/contracts';
import type { NetworkLocator } from './network-locator';

// Every route declares who may call it (CONVENTIONS: deny by default); the route audit test
// fails any /api route that declares none of these.
export const IS_PUBLIC = 'outpost:public';
export const REQUIRES_SESSION = 'outpost:requires-session';
export const REQUIRED_PERMISSION = 'outpost:permission';

type AccessDecorator = MethodDecorator & ClassDecorator;

/** Anyone may call it, signed in or not. */
export const Public = (): AccessDecorator => SetMetadata(IS_PUBLIC, true);

/** Any signed-in user (e.g. list my networks, create a network). */
export const Authenticated = (): AccessDecorator => SetMetadata(REQUIRES_SESSION, true);

export type PermissionOptions = {
  /**
   * How the route finds the network it is about (a path parameter, the server's network, ...).
   * With it the AccessGuard enforces the permission; without it the route's service still checks
   * (routes not yet moved over; the route-permissions test lists them).
   */
  network?: NetworkLocator;
  /**
   * The path parameter naming a membership: a member acting on their own membership (leaving)
   * needs only to be a member.
   */
  orOwnMembership?: string;
};

/** What a route requires, as the AccessGuard and the role-matrix test read it. */
export type PermissionRequirement = PermissionOptions & { permission: Permission };

/**
 * A signed-in member whose role grants `permission` in the network the route is about: 404 to
 * non-members (as for an unknown id), 403 to members without it. The access found (network,
 * role, the row read to find the network) reaches the handler through @RouteAccess().
 */
export const RequirePermission = (
  permission: Permission,
  options: PermissionOptions = {},
): AccessDecorator => {
  const declared = SetMetadata(REQUIRED_PERMISSION, {
    permission,
    ...options,
  } satisfies PermissionRequirement);
  const locator = options.network;
  // The handler reads the row through @RouteAccess(), not @Param(): the document names the
  // parameter here instead.
  return locator?.source === 'param'
    ? applyDecorators(
        declared,
        ApiParam({ name: locator.key, type: String, description: `The ${locator.kind}'s id` }),
      )
    : declared;
};
