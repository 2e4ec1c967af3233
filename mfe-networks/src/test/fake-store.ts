// The fake API's data: networks, members, servers and invites, with builders for specs to seed.
import { DEFAULT_NOTIFICATIONS } from '@outpost/contracts';
import type { Gradient, Invite, Member, Network, Role, Server } from '@outpost/contracts';
import { FakeHttpApi } from '@outpost/testing';

export type StoredNetwork = Omit<Network, 'role' | 'serverCount' | 'memberCount'>;
type StoredMember = Member & { networkId: string };

export const GRADIENT: Gradient = { from: '#3b82f6', to: '#1d4ed8', direction: '135deg' };

export abstract class FakeStore extends FakeHttpApi {
  networks: StoredNetwork[] = [];
  members: StoredMember[] = [];
  servers: Server[] = [];
  invites: Invite[] = [];
  protected seq = 0;

  id(prefix: string): string {
    this.seq += 1;
    return `${prefix}-${this.seq}`;
  }

  addNetwork(name: string, ownerId: string, extra: Partial<StoredNetwork> = {}): StoredNetwork {
    const network: StoredNetwork = {
      id: this.id('net'),
      name,
      description: 'New network ready for your servers',
      gradient: GRADIENT,
      createdAt: '2026-01-01T00:00:00.000Z',
      notifications: { ...DEFAULT_NOTIFICATIONS },
      // Every area open unless a spec says the owner is on Free (plan 'free', or the fakes' own sets).
      plan: 'premium',
      ...extra,
    };
    this.networks.push(network);
    this.addMember(network.id, ownerId, 'owner');
    return network;
  }

  addMember(networkId: string, userId: string, role: Role, userName: string | null = userId): Member {
    const member: Member = {
      id: this.id('mem'),
      userId,
      userEmail: `${userId}@example.com`,
      userName,
      role,
      joinedAt: '2026-01-02T00:00:00.000Z',
    };
    this.members.push({ ...member, networkId });
    return member;
  }

  addServer(networkId: string, name: string, extra: Partial<Server> = {}): Server {
    const server: Server = {
      id: this.id('srv'),
      networkId,
      name,
      actualName: null,
      status: 'offline',
      address: '',
      connectionAddress: '',
      playerCount: 0,
      maxPlayers: 8,
      map: null,
      uptime: 0,
      createdAt: '2026-01-03T00:00:00.000Z',
      ...extra,
    };
    this.servers.push(server);
    return server;
  }

  protected roleOf(userId: string, networkId: string): Role | null {
    const member = this.membersOf(networkId).find((m) => m.userId === userId);
    return member?.role ?? null;
  }

  protected membersOf(networkId: string): Member[] {
    return this.members.filter((m) => m.networkId === networkId);
  }

  protected view(network: StoredNetwork, role: Role): Network {
    return {
      ...network,
      role,
      serverCount: this.servers.filter((s) => s.networkId === network.id).length,
      memberCount: this.membersOf(network.id).length,
    };
  }

  addInvite(networkId: string, code: string, extra: Partial<Invite> = {}): Invite {
    const invite: Invite = {
      id: this.id('inv'),
      code,
      networkId,
      role: 'member',
      maxUses: 1,
      currentUses: 0,
      isActive: true,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      createdAt: new Date().toISOString(),
      metadata: {},
      ...extra,
    };
    this.invites.unshift(invite);
    return invite;
  }
}
