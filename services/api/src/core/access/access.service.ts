import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { can, type Permission, type Role } from '@outpost/contracts';
import { PreparedStatement } from '../database';
import type { AuthUser } from '../auth';
import type { DomainError } from '../http';
import { accessErrors } from './access.errors';

/** The caller's membership of a network, as the access check found it. */
export type NetworkAccess = { networkId: string; userId: string; memberId: string; role: Role };

/** Asked on nearly every network-scoped request. */
const MEMBERSHIP = new PreparedStatement<{ id: string; role: Role }>(
  'select id, role from network_members where network_id = ? and user_id = ?',
);

/**
 * The one place a network-scoped action is allowed or refused (DESIGN section 4). The role comes
 * from the membership row, never from the client. A non-member gets 404, exactly as for a network
 * that does not exist, so ids of other people's networks reveal nothing.
 */
@Injectable()
export class AccessService {
  constructor(private readonly em: EntityManager) {}

  async roleOf(userId: string, networkId: string): Promise<NetworkAccess | null> {
    const [membership] = await MEMBERSHIP.rows(this.em, [networkId, userId]);
    return membership ? { networkId, userId, memberId: membership.id, role: membership.role } : null;
  }

  /**
   * The caller's membership: from those read with their session when it is among them, else
   * asked for (a network joined during this very request).
   */
  async membershipOf(user: Pick<AuthUser, 'id' | 'memberships'>, networkId: string) {
    const known = user.memberships?.get(networkId);
    if (known) return { networkId, userId: user.id, memberId: known.id, role: known.role };
    return this.roleOf(user.id, networkId);
  }

  /**
   * The caller's access, or a DomainError: `notFound` (e.g. "Server not found" when the network
   * was reached through one of its servers) or FORBIDDEN.
   */
  async require(
    user: Pick<AuthUser, 'id' | 'memberships'>,
    permission: Permission,
    networkId: string,
    notFound: () => DomainError = accessErrors.networkNotFound,
  ): Promise<NetworkAccess> {
    const access = await this.membershipOf(user, networkId);
    if (!access) throw notFound();
    if (!can(access.role, permission)) throw accessErrors.forbidden();
    return access;
  }
}
