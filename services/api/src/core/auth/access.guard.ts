import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { RouteAuthorizer } from '../access';
import { IS_PUBLIC, REQUIRED_PERMISSION, type PermissionRequirement } from './access.decorators';
import type { AuthUser } from './auth-user';
import type { RequestWithAccess } from './network-locator';
import { authErrors } from './auth.errors';
import { assertDemoMayCall } from './demo-read-only';
import { ALLOWS_SESSION_COOKIE, SessionCookieAuth } from './session-cookie-auth';

/** Name of the passport strategy (identity module) that turns a bearer JWT into an AuthUser. */
export const JWT_STRATEGY = 'jwt';

/**
 * Global guard, deny by default: a route not marked @Public() needs a valid bearer JWT of an
 * active session; the strategy puts the AuthUser on `request.user`. The demo user is then held
 * to reads on /api, and a route's @RequirePermission is enforced in the network it is about
 * (RouteAuthorizer), the access found going on `request.routeAccess` for @RouteAccess().
 */
@Injectable()
export class AccessGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    private readonly modules: ModuleRef,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<RequestWithAccess & { user: AuthUser }>();
    if (
      !request.get('authorization') &&
      this.reflector.get<boolean>(ALLOWS_SESSION_COOKIE, context.getHandler())
    ) {
      const user = await this.modules.get(SessionCookieAuth, { strict: false }).userOf(request);
      request.user = this.handleRequest(null, user ?? false);
    } else await super.canActivate(context);
    assertDemoMayCall(request.user, request);
    const requirement = this.reflector.getAllAndOverride<PermissionRequirement | undefined>(
      REQUIRED_PERMISSION,
      [context.getHandler(), context.getClass()],
    );
    if (requirement?.network)
      request.routeAccess = await this.modules
        .get(RouteAuthorizer, { strict: false })
        .grant(request.user, requirement, request);
    return true;
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw authErrors.authenticationRequired();
    return user;
  }
}
