import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

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
};

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser =>
    context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
