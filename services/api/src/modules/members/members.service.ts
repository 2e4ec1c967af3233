import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { Member, Role } from '@outpost/contracts';
import type { AuthUser } from '../../core/auth';
import { DomainEvents } from '../../core/events';
import { Network } from '../tenancy';
import { User } from '../users';
import { NetworkMember } from './member.entity';
import { memberErrors } from './members.errors';

/** The users a member's answer names: the member, and whoever invited them. */
const userIdsOf = (member: NetworkMember): string[] =>
  member.invitedBy ? [member.userId, member.invitedBy] : [member.userId];

const ROLE_ORDER: Readonly<Record<Role, number>> = { owner: 0, admin: 1, moderator: 2, member: 3 };

@Injectable()
export class MembersService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  /** Owner first, then admins, then members; each group by join date. */
  // Who may list, re-role and remove members is the routes' AccessGuard's; removing also lets a
  // member leave on their own (orOwnMembership).

  async list(networkId: string): Promise<Member[]> {
    const members = await this.em.find(
      NetworkMember,
      { networkId },
      { orderBy: { joinedAt: 'asc', id: 'asc' } },
    );
    const users = await this.usersOf(members.flatMap(userIdsOf));
    return members
      .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role])
      .map((member) => this.toDto(member, users));
  }

  /** Owner only; the owner's own role never changes (ownership is not handed over here). */
  async changeRole(
    user: AuthUser,
    networkId: string,
    memberId: string,
    role: Exclude<Role, 'owner'>,
  ): Promise<Member> {
    const member = await this.target(networkId, memberId);
    if (member.role === 'owner') throw memberErrors.ownerUnmanageable();
    const from = member.role;
    const users = await this.usersOf(userIdsOf(member));
    const target = users.get(member.userId);
    if (from !== role) {
      member.role = role;
      await this.em.flush();
      await this.publish(user, 'member.roleChanged', member, target, { from, to: role });
    }
    return this.toDto(member, users);
  }

  /** Owner and admins remove non-owner members; anyone but the owner may leave on their own. */
  async remove(user: AuthUser, networkId: string, memberId: string): Promise<void> {
    const member = await this.target(networkId, memberId);
    const leaving = member.userId === user.id;
    if (member.role === 'owner') throw memberErrors.ownerUnmanageable();
    const target = (await this.usersOf([member.userId])).get(member.userId);
    await this.em.nativeDelete(NetworkMember, { id: member.id, networkId });
    await this.publish(user, 'member.removed', member, target, { role: member.role, left: leaving });
  }

  /** A member of THIS network: an id from another network is a 404, never a change there. */
  private async target(networkId: string, memberId: string): Promise<NetworkMember> {
    const member = await this.em.findOne(NetworkMember, { id: memberId, networkId });
    if (!member) throw memberErrors.notFound();
    return member;
  }

  private async usersOf(ids: string[]): Promise<Map<string, User>> {
    const users = ids.length ? await this.em.find(User, { id: { $in: ids } }) : [];
    return new Map(users.map((found) => [found.id, found]));
  }

  /** `users` holds the member's user and the inviter's (by id). */
  private toDto(member: NetworkMember, users: Map<string, User>): Member {
    const user = users.get(member.userId);
    const inviter = member.invitedBy ? users.get(member.invitedBy) : undefined;
    return {
      id: member.id,
      userId: member.userId,
      userEmail: user?.email ?? '',
      userName: user?.name ? user.name : null,
      role: member.role,
      joinedAt: member.joinedAt.toISOString(),
      lastActiveAt: user?.lastSeenAt?.toISOString() ?? null,
      // An inviter who has since deleted their account is no longer named.
      invitedBy: inviter ? { userId: inviter.id, name: inviter.name.trim() || inviter.email } : null,
    };
  }

  private async publish(
    actor: AuthUser,
    action: 'member.roleChanged' | 'member.removed',
    member: NetworkMember,
    user: User | undefined,
    details: Record<string, unknown>,
  ): Promise<void> {
    const network = await this.em.findOneOrFail(Network, { id: member.networkId });
    await this.events.publish(actor, {
      action,
      networkId: network.id,
      networkName: network.name,
      target: { type: 'member', id: member.userId, name: user?.name || user?.email || member.userId },
      details,
    });
  }
}
