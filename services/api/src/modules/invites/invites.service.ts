import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { Invite as InviteDto, InvitePreview, Network as NetworkDto } from '@outpost/contracts';
import type { CreateInviteInput } from '@outpost/validation';
import type { AuthUser } from '../../core/auth';
import { DomainEvents } from '../../core/events';
import { addMember, NetworkMember } from '../members';
import { Network } from '../tenancy';
import { knexIn } from '../../core/database';
import { countNetworks, toNetworkDto } from '../networks';
import { NetworkPlans } from '../plans';
import { generateInviteCode } from './invite-code';
import { Invite } from './invite.entity';
import { inviteErrors } from './invites.errors';

const HOUR_MS = 3_600_000;
const CODE_ATTEMPTS = 5;

const isExpired = (invite: Invite, now: Date) => invite.expiresAt.getTime() <= now.getTime();
const isUsedUp = (invite: Invite) => invite.currentUses >= invite.maxUses;

export const toInviteDto = (invite: Invite, now = new Date()): InviteDto => ({
  id: invite.id,
  code: invite.code,
  networkId: invite.networkId,
  role: invite.role,
  maxUses: invite.maxUses,
  currentUses: invite.currentUses,
  // What a client can use right now: not revoked, not expired, not used up (spec section 4).
  isActive: invite.isActive && !isExpired(invite, now) && !isUsedUp(invite),
  expiresAt: invite.expiresAt.toISOString(),
  createdAt: invite.createdAt.toISOString(),
  metadata: invite.metadata,
});

@Injectable()
export class InvitesService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly plans: NetworkPlans,
  ) {}

  // Who may create, list and revoke invites is the routes' AccessGuard's (invites.manage).

  async create(user: AuthUser, input: CreateInviteInput): Promise<InviteDto> {
    const network = await this.em.findOneOrFail(Network, { id: input.networkId });
    const invite = await this.insertWithFreshCode(user, input);
    await this.events.publish(user, {
      action: 'invite.created',
      networkId: network.id,
      networkName: network.name,
      target: { type: 'invite', id: invite.id, name: invite.code },
      details: {
        role: invite.role,
        maxUses: invite.maxUses,
        expiresAt: invite.expiresAt.toISOString(),
        ...invite.metadata,
      },
    });
    return toInviteDto(invite);
  }

  /** Newest first. */
  async listForNetwork(networkId: string): Promise<InviteDto[]> {
    const invites = await this.em.find(Invite, { networkId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    const now = new Date();
    return invites.map((invite) => toInviteDto(invite, now));
  }

  /** Revoking twice is harmless; the second time changes nothing and records nothing. */
  async revoke(user: AuthUser, invite: Invite): Promise<InviteDto> {
    if (invite.isActive) {
      invite.isActive = false;
      await this.em.flush();
      const network = await this.em.findOneOrFail(Network, { id: invite.networkId });
      await this.events.publish(user, {
        action: 'invite.revoked',
        networkId: network.id,
        networkName: network.name,
        target: { type: 'invite', id: invite.id, name: invite.code },
      });
    }
    return toInviteDto(invite);
  }

  /** What a code leads to, for the Join Network dialog; refuses codes that cannot be used. */
  async validate(user: AuthUser, code: string): Promise<InvitePreview> {
    const invite = await this.usable(code);
    const network = await this.em.findOneOrFail(Network, { id: invite.networkId });
    const membership = await this.em.findOne(NetworkMember, { networkId: network.id, userId: user.id });
    return {
      code: invite.code,
      networkId: network.id,
      networkName: network.name,
      expiresAt: invite.expiresAt.toISOString(),
      usesLeft: invite.maxUses - invite.currentUses,
      role: invite.role,
      alreadyMember: membership !== null,
    };
  }

  /**
   * Race-safe join: one atomic conditional UPDATE takes a use only while one is left, and the
   * unique (network_id, user_id) index refuses a second membership; a join that loses the second
   * race gives its use back.
   */
  async join(user: AuthUser, code: string): Promise<NetworkDto> {
    const invite = await this.usable(code);
    const { networkId } = invite;
    if (await this.em.findOne(NetworkMember, { networkId, userId: user.id }))
      throw inviteErrors.alreadyMember();

    // The use and the membership in one transaction: a failure between them (a lost race for the
    // membership, a database gone quiet) takes back both, so no use is spent on a failed join.
    let member: NetworkMember;
    try {
      member = await this.em.transactional(async (em) => {
        const knex = knexIn(em);
        const taken = await knex('invites')
          .where('id', invite.id)
          .andWhere('current_uses', '<', knex.ref('max_uses'))
          .increment('current_uses', 1);
        if (Number(taken) !== 1) throw inviteErrors.usedUp();
        const joined = addMember(em, {
          networkId,
          userId: user.id,
          role: invite.role,
          invitedBy: invite.createdBy,
        });
        await em.flush();
        return joined;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw inviteErrors.alreadyMember();
      throw error;
    }

    const network = await this.em.findOneOrFail(Network, { id: networkId });
    await this.events.publish(user, {
      action: 'member.joined',
      networkId,
      networkName: network.name,
      target: { type: 'member', id: user.id, name: user.name.trim() || user.email },
      details: { inviteCode: invite.code, memberId: member.id, role: invite.role },
    });
    return toNetworkDto(
      network,
      invite.role,
      await countNetworks(this.em, [networkId]),
      await this.plans.planOf(networkId),
    );
  }

  /** An invite that can be used now, or the error that says why not. */
  private async usable(code: string): Promise<Invite> {
    const invite = await this.em.findOne(Invite, { code });
    if (!invite || !invite.isActive) throw inviteErrors.codeInvalid();
    if (isExpired(invite, new Date())) throw inviteErrors.expired();
    if (isUsedUp(invite)) throw inviteErrors.usedUp();
    return invite;
  }

  private async insertWithFreshCode(user: AuthUser, input: CreateInviteInput): Promise<Invite> {
    for (let attempt = 1; ; attempt++) {
      const invite = this.em.create(Invite, {
        code: generateInviteCode(),
        networkId: input.networkId,
        createdBy: user.id,
        role: input.role,
        maxUses: input.maxUses,
        expiresAt: new Date(Date.now() + input.expiresInHours * HOUR_MS),
        metadata: input.metadata?.createdFrom ? { createdFrom: input.metadata.createdFrom } : {},
      });
      try {
        await this.em.flush();
        return invite;
      } catch (error) {
        // A code collision (about 1 in 10^22 per pair) just draws again.
        this.em.clear();
        if (!(error instanceof UniqueConstraintViolationException) || attempt >= CODE_ATTEMPTS) throw error;
      }
    }
  }
}
