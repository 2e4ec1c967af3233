import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_GRADIENT,
  DEFAULT_NETWORK_DESCRIPTION,
  type Network as NetworkDto,
  type Role,
} from '@outpost/contracts';
import type { CreateNetworkInput, UpdateNetworkInput } from '@outpost/validation';
import { accessErrors } from '../../core/access';
import type { AuthUser, GrantedAccess } from '../../core/auth';
import { DomainEvents } from '../../core/events';
import { addMember, NetworkMember } from '../members';
import { NetworkPlans } from '../plans';
import { changeNetwork, createNetwork, deleteNetwork, Network } from '../tenancy';
import { countNetworks, toNetworkDto } from './network-stats';

@Injectable()
export class NetworksService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly plans: NetworkPlans,
  ) {}

  /** The caller's networks, oldest first, each with the caller's role and its counts. */
  async list(user: AuthUser): Promise<NetworkDto[]> {
    const memberships = await this.em.find(NetworkMember, { userId: user.id });
    if (memberships.length === 0) return [];
    const roles = new Map(memberships.map((membership) => [membership.networkId, membership.role]));
    const ids = [...roles.keys()];
    const networks = await this.em.find(
      Network,
      { id: { $in: ids } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const [counts, plans] = await Promise.all([countNetworks(this.em, ids), this.plans.plansOf(ids)]);
    return networks.map((network) =>
      toNetworkDto(network, roles.get(network.id)!, counts, plans.get(network.id) ?? 'free'),
    );
  }

  /** The routes about one network are the AccessGuard's: the caller's role there comes with them. */
  async get(networkId: string, role: Role): Promise<NetworkDto> {
    return toNetworkDto(
      await this.load(networkId),
      role,
      await countNetworks(this.em, [networkId]),
      await this.plans.planOf(networkId),
    );
  }

  async create(user: AuthUser, input: CreateNetworkInput): Promise<NetworkDto> {
    const gradient = input.gradient ?? DEFAULT_GRADIENT;
    const network = await this.em.transactional(async (em) => {
      const created = createNetwork(em, {
        name: input.name,
        description: input.description ?? DEFAULT_NETWORK_DESCRIPTION,
        gradientFrom: gradient.from,
        gradientTo: gradient.to,
        gradientDirection: gradient.direction,
        ownerId: user.id,
      });
      // No ORM relation links the two, so the network goes in first for the member's foreign key.
      await em.flush();
      addMember(em, { networkId: created.id, userId: user.id, role: 'owner' });
      await em.flush();
      return created;
    });
    await this.events.publish(user, {
      action: 'network.created',
      networkId: network.id,
      networkName: network.name,
      target: { type: 'network', id: network.id, name: network.name },
    });
    return toNetworkDto(
      network,
      'owner',
      { servers: new Map(), members: new Map([[network.id, 1]]) },
      await this.plans.planOf(network.id),
    );
  }

  /** Settings of the owner: only the fields of the strict schema can change (no owner, no ids). */
  async update(
    user: AuthUser,
    { networkId, role }: GrantedAccess,
    input: UpdateNetworkInput,
  ): Promise<NetworkDto> {
    const network = await this.load(networkId);
    const before = { name: network.name, description: network.description };
    changeNetwork(network, {
      name: input.name,
      description: input.description,
      gradientFrom: input.gradient?.from,
      gradientTo: input.gradient?.to,
      gradientDirection: input.gradient?.direction,
      notifyServerOffline: input.notifications?.serverOffline,
      notifyNewMembers: input.notifications?.newMembers,
    });
    await this.em.flush();
    await this.events.publish(user, {
      action: 'network.updated',
      networkId: network.id,
      networkName: network.name,
      target: { type: 'network', id: network.id, name: network.name },
      details: { fields: Object.keys(input).sort(), previousName: before.name },
    });
    return toNetworkDto(
      network,
      role,
      await countNetworks(this.em, [networkId]),
      await this.plans.planOf(networkId),
    );
  }

  /**
   * Deletes the network, and with it everything that hangs off it: each module's table refers to
   * the network (or to its servers) with a foreign key that cascades, so the database removes the
   * members, invites, servers (their players, events, commands...) and audit entries in the same
   * statement, and this module touches no other module's table.
   */
  async delete(user: AuthUser, networkId: string): Promise<void> {
    const network = await this.load(networkId);
    await deleteNetwork(this.em, networkId);
    this.em.clear();
    await this.events.publish(user, {
      action: 'network.deleted',
      networkId,
      networkName: network.name,
      target: { type: 'network', id: networkId, name: network.name },
    });
  }

  private async load(networkId: string): Promise<Network> {
    const network = await this.em.findOne(Network, { id: networkId });
    if (!network) throw accessErrors.networkNotFound();
    return network;
  }
}
