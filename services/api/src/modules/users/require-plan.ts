import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { Plan } from '@outpost/contracts';
import type { AuthUser } from '../../core/auth/auth-user';
import { USER_ERRORS, userErrors } from './users.errors';
import { UsersService } from './users.service';

const REQUIRED_PLAN = 'outpost:plan';

/** Plans from lowest to highest: a higher plan includes what the lower ones give. */
const PLAN_RANK: Readonly<Record<Plan, number>> = { free: 0, premium: 1 };

/** Runs after the global AccessGuard, so request.user is set. */
@Injectable()
export class PlanGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const required = this.reflector.getAllAndOverride<Plan | undefined>(REQUIRED_PLAN, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required) return true;
    const { user } = context.switchToHttp().getRequest<{ user: AuthUser }>();
    const { plan } = await this.users.get(user.id);
    if (PLAN_RANK[plan] >= PLAN_RANK[required]) return true;
    throw userErrors.planRequired(required);
  }
}

/**
 * A Premium feature: `@RequirePlan('premium')` on a route (with its usual access declaration).
 * Answers 403 PLAN_REQUIRED "This feature needs the Premium plan" to users on a lower plan.
 */
export const RequirePlan = (plan: Plan): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(REQUIRED_PLAN, plan),
    UseGuards(PlanGuard),
    ApiForbiddenResponse({ description: USER_ERRORS.planRequired.message(plan) }),
  );
