import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import { planRequiredMessage, type PremiumFeature } from '@outpost/contracts';
import type { Request } from 'express';
import type { RequestWithAccess } from '../../core/auth';
import { NetworkPlans } from './network-plans.service';

const REQUIRED_PREMIUM = 'outpost:premium';

export type PremiumOptions = {
  /**
   * Only some calls of the route are premium (metrics: a range beyond 24 h, or CSV). Read from
   * the raw request, before the route's pipes: answer false for input the route will refuse, so
   * bad input stays a 400.
   */
  when?: (request: Request) => boolean;
};

type PremiumRequirement = PremiumOptions & { feature: PremiumFeature };

/**
 * Runs after the global AccessGuard: the route's network is the one its @RequirePermission
 * locator found (serverId or networkId), membership and role already checked, so an outsider
 * gets 404 and a member without the role 403 FORBIDDEN before the plan is looked at.
 */
@Injectable()
export class PremiumGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly plans: NetworkPlans,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.getAllAndOverride<PremiumRequirement | undefined>(REQUIRED_PREMIUM, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!requirement) return true;
    const request = context.switchToHttp().getRequest<RequestWithAccess>();
    if (requirement.when && !requirement.when(request)) return true;
    const access = request.routeAccess;
    if (!access)
      throw new Error('@RequirePremium() on a route whose @RequirePermission names no network locator');
    await this.plans.requirePremium(access.networkId, requirement.feature);
    return true;
  }
}

/**
 * A premium area: put it beside the route's `@RequirePermission(permission, { network: ... })`
 * (which finds the network and checks membership; this needs it). On a network whose owner is
 * on Free it answers 403 `{success:false, code:'plan_required', error:'The live map needs the
 * Premium plan. …'}`; the UI shows <PremiumRequired> from @outpost/ui for it. The module of the
 * controller imports PlansModule. E.g.
 *
 *   @Get('servers/:id/map')
 *   @RequirePermission('network.view', { network: serverParam() })
 *   @RequirePremium('liveMap')
 *
 * Inside a service, `NetworkPlans.requirePremium(networkId, feature)` does the same.
 */
export const RequirePremium = (
  feature: PremiumFeature,
  options: PremiumOptions = {},
): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(REQUIRED_PREMIUM, { feature, ...options } satisfies PremiumRequirement),
    UseGuards(PremiumGuard),
    ApiResponse({
      status: 403,
      description:
        `plan_required${options.when ? ' (for the calls described above)' : ''} on a network whose ` +
        `owner is on Free: "${planRequiredMessage(feature)}" (FORBIDDEN for a role without the permission)`,
    }),
  );
