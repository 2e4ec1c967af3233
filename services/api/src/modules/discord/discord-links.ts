import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DISCORD_LIMITS, type DiscordLink } from '@outpost/contracts';
import { linkCodeInChat, normalizeLinkCode } from '@outpost/validation';
import { sayText } from '@outpost/rcon';
import { createHash, randomInt } from 'node:crypto';
import { DomainEvents, type ServerEventsStoredEvent } from '../../core/events';
import { RateLimiter, type RateLimit } from '../../core/rate-limit';
import { CommandsService } from '../commands';
import { PlayerRecord } from '../players';
import { GameServer } from '../servers';
import { Network } from '../tenancy';
import { DiscordRest, discordFailureText } from './discord-rest';
import { DiscordGuildRecord, DiscordLinkCodeRecord, DiscordLinkRecord } from './discord.entity';
import { discordErrors } from './discord.errors';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const hashCode = (code: string): string =>
  createHash('sha256').update(normalizeLinkCode(code)).digest('hex');

/**
 * `!link` tries one Steam ID may make per 10 minutes, per network: 5 wrong codes use them up (the
 * right one, once, links and is done with).
 */
export const WRONG_CODE_LIMIT: RateLimit = {
  name: 'discord-link-code',
  limit: DISCORD_LIMITS.wrongCodesPer10Minutes,
  windowSeconds: 600,
  refuse: () => discordErrors.tooManyCodes(),
};

/** What became of a `!link` typed in game chat. */
export type LinkOutcome = 'linked' | 'unknown' | 'expired' | 'limited';

/**
 * Players' Steam ↔ Discord links: /link gives a one-time code (hashed, single use, 10 minutes);
 * `!link CODE` typed in game chat on any of the network's servers (plugin, bridge or the panel's
 * RCON all carry chat) links that Discord user to the player who typed it, tells the player in game
 * and edits the /link answer on Discord. 5 wrong codes per Steam ID per 10 minutes.
 */
@Injectable()
export class DiscordLinks implements OnModuleInit {
  private readonly logger = new Logger('DiscordLinks');
  /** Called when links change (the role sync listens). */
  private readonly listeners: ((networkId: string, cause: 'link' | 'unlink') => void)[] = [];

  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly limiter: RateLimiter,
    private readonly commands: CommandsService,
    private readonly rest: DiscordRest,
  ) {}

  onModuleInit(): void {
    this.events.on('server.eventsStored', async (event) => {
      try {
        await this.chatLines(event);
      } catch (error) {
        this.logger.warn(`!link not read: ${(error as Error).message}`);
      }
    });
  }

  onChange(listener: (networkId: string, cause: 'link' | 'unlink') => void): void {
    this.listeners.push(listener);
  }

  /** A new code for this Discord user (an older unused one of theirs stops working). */
  async newCode(
    networkId: string,
    discord: { userId: string; name: string },
    interactionToken: string,
    now = new Date(),
  ): Promise<string> {
    const em = this.em.fork();
    await em.nativeDelete(DiscordLinkCodeRecord, { networkId, discordUserId: discord.userId, usedAt: null });
    const code = Array.from(
      { length: DISCORD_LIMITS.linkCodeLength },
      () => ALPHABET[randomInt(ALPHABET.length)],
    ).join('');
    em.create(DiscordLinkCodeRecord, {
      codeHash: hashCode(code),
      networkId,
      discordUserId: discord.userId,
      discordName: discord.name.slice(0, 100),
      interactionToken,
      expiresAt: new Date(now.getTime() + DISCORD_LIMITS.linkCodeMinutes * 60_000),
      createdAt: now,
    });
    await em.flush();
    return code;
  }

  /** `!link CODE` from a player of the network: links them, or says why not. */
  async redeem(
    networkId: string,
    player: { steamId: string; name: string },
    code: string,
    now = new Date(),
  ): Promise<LinkOutcome> {
    // Every try counts, judged before the code is looked at: after 5 wrong ones even the right
    // code is refused until the window ends, so a 6th guess tells a guesser nothing.
    try {
      await this.limiter.hit(WRONG_CODE_LIMIT, `${networkId}:${player.steamId}`);
    } catch {
      return 'limited';
    }
    const em = this.em.fork();
    const found = await em.findOne(DiscordLinkCodeRecord, { codeHash: hashCode(code), networkId });
    if (!found || found.usedAt !== null) return 'unknown';
    if (found.expiresAt <= now) return 'expired';
    const used = await em.nativeUpdate(
      DiscordLinkCodeRecord,
      { codeHash: found.codeHash, usedAt: null },
      { usedAt: now },
    );
    if (used !== 1) return 'unknown';
    // One link per Steam ID and per Discord user in a network: a new link replaces older ones.
    await em.nativeDelete(DiscordLinkRecord, {
      networkId,
      $or: [{ steamId: player.steamId }, { discordUserId: found.discordUserId }],
    });
    em.create(DiscordLinkRecord, {
      networkId,
      steamId: player.steamId,
      discordUserId: found.discordUserId,
      discordName: found.discordName,
      linkedAt: now,
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return 'unknown';
      throw error;
    }
    await this.rest
      .editOriginal(found.interactionToken, {
        content: `Linked: your Discord is now linked to **${player.name}** (${player.steamId}).`,
      })
      .catch((error: unknown) =>
        this.logger.warn(`The /link answer was not edited: ${discordFailureText(error)}`),
      );
    await this.audit(
      'player.discordLinked',
      networkId,
      player.steamId,
      {
        id: `discord:${found.discordUserId}`,
        name: found.discordName,
      },
      { discordUserId: found.discordUserId, discordName: found.discordName },
    );
    for (const listener of this.listeners) listener(networkId, 'link');
    return 'linked';
  }

  /** Removes a player's link (their /unlink, or staff on the profile); answers whether there was one. */
  async unlink(
    networkId: string,
    by: { steamId?: string; discordUserId?: string },
    actor: { id: string; name: string; email?: string },
  ): Promise<boolean> {
    const em = this.em.fork();
    const where = by.steamId
      ? { networkId, steamId: by.steamId }
      : { networkId, discordUserId: by.discordUserId };
    const link = await em.findOne(DiscordLinkRecord, where);
    if (!link) return false;
    await em.nativeDelete(DiscordLinkRecord, { id: link.id });
    await this.audit('player.discordUnlinked', networkId, link.steamId, actor, {
      discordUserId: link.discordUserId,
      discordName: link.discordName,
    });
    for (const listener of this.listeners) listener(networkId, 'unlink');
    return true;
  }

  private async audit(
    action: 'player.discordLinked' | 'player.discordUnlinked',
    networkId: string,
    steamId: string,
    actor: { id: string; name: string; email?: string },
    details: Record<string, unknown>,
  ): Promise<void> {
    const em = this.em.fork();
    const network = await em.findOne(Network, { id: networkId }, { fields: ['name'] });
    const player = await em.findOne(PlayerRecord, { networkId, steamId }, { fields: ['id', 'displayName'] });
    await this.events.publish(
      { email: '', ...actor },
      {
        action,
        networkId,
        networkName: network?.name ?? '',
        target: { type: 'player', id: player?.id ?? steamId, name: player?.displayName ?? steamId },
        details: { steamId, ...details },
      },
    );
  }

  async list(networkId: string, steamId?: string): Promise<DiscordLink[]> {
    const em = this.em.fork();
    const links = await em.find(
      DiscordLinkRecord,
      { networkId, ...(steamId ? { steamId } : {}) },
      { orderBy: { linkedAt: 'desc', id: 'desc' } },
    );
    const players = links.length
      ? await em.find(
          PlayerRecord,
          { networkId, steamId: { $in: links.map((link) => link.steamId) } },
          { fields: ['steamId', 'displayName'] },
        )
      : [];
    const names = new Map(players.map((player) => [player.steamId, player.displayName]));
    return links.map((link) => ({
      steamId: link.steamId,
      discordUserId: link.discordUserId,
      discordName: link.discordName,
      active: link.active,
      linkedAt: link.linkedAt.toISOString(),
      playerName: names.get(link.steamId) ?? null,
    }));
  }

  /** Chat lines stored for a server: a `!link CODE` links its player (networks with a guild only). */
  private async chatLines({ networkId, serverId, events }: ServerEventsStoredEvent): Promise<void> {
    const lines = events.filter((event) => event.type === 'chat');
    if (lines.length === 0) return;
    const em = this.em.fork();
    const asks = lines.flatMap((line) => {
      const message = (line.payload as { message?: unknown }).message;
      const code = typeof message === 'string' ? linkCodeInChat(message) : null;
      return code && line.steamId && /^\d{17}$/.test(line.steamId)
        ? [
            {
              code,
              steamId: line.steamId,
              name: String((line.payload as { name?: unknown }).name ?? line.steamId),
            },
          ]
        : [];
    });
    if (asks.length === 0) return;
    // A network without a Discord server has no codes to redeem: `!link` is left unanswered there.
    if (!(await em.count(DiscordGuildRecord, { networkId }))) return;
    const server = await em.findOne(GameServer, { id: serverId, networkId });
    const network = await em.findOne(Network, { id: networkId }, { fields: ['name'] });
    if (!server || !network) return;
    for (const ask of asks) {
      const outcome = await this.redeem(networkId, { steamId: ask.steamId, name: ask.name }, ask.code);
      const said = {
        linked: `${ask.name}, your Discord is now linked on ${network.name}.`,
        unknown: `${ask.name}, that link code is not known: type /link on Discord for a new one.`,
        expired: `${ask.name}, that link code has expired: type /link on Discord for a new one.`,
        limited: `${ask.name}, too many wrong link codes: try again in 10 minutes.`,
      }[outcome];
      await this.commands.send({
        networkId,
        serverId,
        type: 'console',
        payload: { command: `say ${sayText(said)}` },
        issuedBy: { id: 'discord', name: 'Discord bot' },
        createdAt: new Date(),
      });
    }
  }
}

/** The Steam IDs of the network's players with an active Discord link (an automation's condition). */
export const linkedSteamIdsOf = async (em: EntityManager, networkId: string): Promise<Set<string>> =>
  new Set(
    (await em.find(DiscordLinkRecord, { networkId, active: true }, { fields: ['steamId'] })).map(
      (link) => link.steamId,
    ),
  );
