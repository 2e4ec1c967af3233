import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@outpost/contracts';

/** A network the user belongs to: the membership row's id and the role it gives. */
export type Membership = { id: string; role: Role };

/**
 * Who is calling: put on `request.user` by the JWT strategy (identity module) for every route
 * that is not @Public(). Feature modules read it with @CurrentUser() and never parse tokens.
 */
export type AuthUser = {
  id: string;
  email: string;
  name: string;
  /** The fixed demo user: every write on /api answers 403 "The demo is read-only". */
  isDemo: boolean;
  /** The session the JWT is bound to. */
  sessionId: string;
  /**
   * The networks the user belonged to when the request began, by network id, read with the
   * session (the access check then needs no query of its own for them).
   */
  memberships?: ReadonlyMap<string, Membership>;
};

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser =>
    context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
