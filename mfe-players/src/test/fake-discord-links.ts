// Players' Discord links on top of the fake players API, answered with the real API's rules:
// discord.links (moderators and up) reads them, with ?steamId= for one player; discord.manage
// (owner, admin) removes one; 404 to strangers.
import { API_PATHS, can, type ApiRoute, type DiscordLink, type Permission } from '@outpost/contracts';
import type { FakeReply, FakeRequest } from '@outpost/testing';
import { FakePlayersApi } from './fake-players-api';

const ok = (data: unknown): FakeReply => ({ status: 200, body: { success: true, data } });
const fail = (status: number, code: string, error: string): FakeReply => ({
  status,
  body: { success: false, error, code },
});

const matches = (route: ApiRoute, path: string): string[] | null =>
  new RegExp(`^${route.pattern.replace(/:\w+/g, '([^/]+)')}$`).exec(path)?.slice(1) ?? null;

export class FakeDiscordLinksApi extends FakePlayersApi {
  links: DiscordLink[] = [];

  protected clear(): void {
    super.clear();
    this.links = [];
  }

  addLink(steamId: string, link: Partial<DiscordLink> = {}): DiscordLink {
    const stored: DiscordLink = {
      steamId,
      discordUserId: '900000000000000031',
      discordName: 'rex',
      active: true,
      linkedAt: '2026-11-21T10:00:00.000Z',
      playerName: null,
      ...link,
    };
    this.links.push(stored);
    return stored;
  }

  private gated(
    userId: string | undefined,
    networkId: string,
    permission: Permission,
    then: () => FakeReply,
  ) {
    if (!userId) return fail(401, 'UNAUTHORIZED', 'Authentication required');
    const role = this.roles.get(userId);
    if (!role || networkId !== this.network.id) return fail(404, 'NOT_FOUND', 'Network not found');
    if (!can(role, permission)) return fail(403, 'FORBIDDEN', 'You do not have permission to do this');
    return then();
  }

  protected answer(request: FakeRequest): FakeReply {
    const { method, path, query, userId } = request;
    const list = method === 'GET' ? matches(API_PATHS.getDiscordLinks, path) : null;
    const removal = method === 'DELETE' ? matches(API_PATHS.deleteDiscordLink, path) : null;
    const route = list ? API_PATHS.getDiscordLinks : removal ? API_PATHS.deleteDiscordLink : null;
    if (!route) return super.answer(request);
    const failure = this.failures.get(`${method} ${route.pattern}`);
    if (failure) return failure;
    if (list) {
      const steamId = query.get('steamId');
      return this.gated(userId, list[0], 'discord.links', () =>
        ok(this.links.filter((link) => !steamId || link.steamId === steamId)),
      );
    }
    const [networkId, steamId] = removal!;
    return this.gated(userId, networkId, 'discord.manage', () => {
      if (!this.links.some((link) => link.steamId === steamId))
        return fail(404, 'NOT_FOUND', 'This player has no Discord link');
      this.links = this.links.filter((link) => link.steamId !== steamId);
      return ok(null);
    });
  }
}
