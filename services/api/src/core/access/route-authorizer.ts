import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { can } from '@outpost/contracts';
import type { Request } from 'express';
import type { PermissionRequirement, AuthUser, GrantedAccess } from '../auth';
import { accessErrors } from './access.errors';
import { AccessService } from './access.service';

/**
 * The guard's permission step (DESIGN section 4): the route's declared permission, in the network
 * its locator finds, is what is enforced; the services do not ask again. An unknown id and a
 * network the caller is not in answer the same 404 (the locator's, e.g. "Server not
 * found"), a member without the permission 403.
 */
@Injectable()
export class RouteAuthorizer {
  constructor(
    private readonly em: EntityManager,
    private readonly access: AccessService,
  ) {}

  async grant(
    user: AuthUser,
    requirement: PermissionRequirement,
    request: Request,
  ): Promise<GrantedAccess<unknown> | undefined> {
    const locator = requirement.network;
    if (!locator) return undefined;
    const located = await locator.locate(request, this.em);
    if (!located?.networkId) throw locator.notFound();
    const membership = await this.access.membershipOf(user, located.networkId);
    if (!membership) throw locator.notFound();
    const own =
      requirement.orOwnMembership !== undefined &&
      request.params[requirement.orOwnMembership] === membership.memberId;
    if (!own && !can(membership.role, requirement.permission)) throw accessErrors.forbidden();
    return { ...membership, subject: located.subject };
  }
}
