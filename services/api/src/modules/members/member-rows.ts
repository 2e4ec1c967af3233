import type { EntityManager } from '@mikro-orm/core';
import type { Role } from '@outpost/contracts';
import { NetworkMember } from './member.entity';

/** Who joins which network, in what role, and on whose invite (null: the owner, the demo). */
export type NewMember = { networkId: string; userId: string; role: Role; invitedBy?: string | null };

/**
 * A user joins a network: the one way a membership begins (a network's creation makes its owner
 * one, an invite a member, the demo its users). In the caller's unit of work (`em`; the caller
 * flushes): the network's row goes in first for the member's foreign key.
 */
export const addMember = (em: EntityManager, member: NewMember): NetworkMember =>
  em.create(NetworkMember, { ...member, invitedBy: member.invitedBy ?? null });

/** The user is a member of the network in this role, whatever they were before; the caller flushes. */
export const ensureMember = async (
  em: EntityManager,
  member: Omit<NewMember, 'invitedBy'>,
): Promise<NetworkMember> => {
  const found = await em.findOne(NetworkMember, { networkId: member.networkId, userId: member.userId });
  if (!found) return addMember(em, member);
  found.role = member.role;
  return found;
};
