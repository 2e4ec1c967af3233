import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../http/domain-error';
import { IS_PUBLIC } from './access.decorators';

export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';

/**
 * Global guard, deny by default: a route not marked @Public() needs a signed-in user. Until the
 * identity module plugs its JWT strategy in here, nothing but @Public() routes gets through.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    throw new DomainError('UNAUTHORIZED', AUTHENTICATION_REQUIRED_MESSAGE);
  }
}
