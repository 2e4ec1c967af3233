import { SetMetadata } from '@nestjs/common';
import type { Permission } from '@outpost/contracts';

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

/**
 * A signed-in member whose role grants `permission` in the network the route is about. The
 * access service checks the role (404 to non-members, 403 to members without it).
 */
export const RequirePermission = (permission: Permission): AccessDecorator =>
  SetMetadata(REQUIRED_PERMISSION, permission);
