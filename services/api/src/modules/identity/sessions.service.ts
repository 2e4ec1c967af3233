import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DEMO_USER_ID, type Role } from '@outpost/contracts';
import type { AuthUser, Membership } from '../../core/auth';
import { PreparedStatement, type StoredDate } from '../../core/database';
import { hashSecret, randomId, randomSecret } from './secrets';
import { Session, type SessionProvider } from './session.entity';

/** How long a browser stays signed in without signing in again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionOrigin = {
  provider: SessionProvider;
  providerName?: string;
  ip?: string;
  userAgent?: string;
};

export type CreatedSession = { session: Session; secret: string };

const isActive = (session: Pick<Session, 'endedAt' | 'expiresAt'>, now = new Date()): boolean =>
  session.endedAt === null && session.expiresAt.getTime() > now.getTime();

/**
 * Every signed-in request starts here: the session, if it is the user's, the user, and the
 * networks the user belongs to ([network id, membership id, role] as JSON text), in one statement.
 */
const SESSION_USER = new PreparedStatement<{
  id: string;
  email: string;
  name: string;
  expires_at: StoredDate;
  ended_at: StoredDate | null;
  memberships: string | null;
}>(
  `select u.id, u.email, u.name, s.expires_at, s.ended_at,
     (select json_group_array(json_array(m.network_id, m.id, m.role)) from network_members m
       where m.user_id = u.id) as memberships
   from sessions s join users u on u.id = s.user_id where s.id = ? and s.user_id = ?`,
  {
    postgresql: `select u.id, u.email, u.name, s.expires_at, s.ended_at,
       (select json_agg(json_build_array(m.network_id, m.id, m.role)) from network_members m
         where m.user_id = u.id)::text as memberships
     from sessions s join users u on u.id = s.user_id where s.id = ? and s.user_id = ?`,
  },
);

const membershipsOf = (json: string | null): Map<string, Membership> =>
  new Map(
    (JSON.parse(json ?? '[]') as [string, string, Role][]).map(([networkId, id, role]) => [
      networkId,
      { id, role },
    ]),
  );

@Injectable()
export class SessionsService {
  constructor(private readonly em: EntityManager) {}

  /** A new session with a fresh secret: every sign-in gets a new cookie value. */
  async create(userId: string, origin: SessionOrigin): Promise<CreatedSession> {
    const secret = randomSecret();
    const now = new Date();
    const session = this.em.create(Session, {
      id: randomId(),
      userId,
      secretHash: hashSecret(secret),
      provider: origin.provider,
      providerName: origin.providerName ?? null,
      ip: origin.ip?.slice(0, 64) ?? null,
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    await this.em.flush();
    return { session, secret };
  }

  /** The active session a cookie secret belongs to, or null. */
  async findBySecret(secret: string | undefined): Promise<Session | null> {
    if (!secret) return null;
    const session = await this.em.findOne(Session, { secretHash: hashSecret(secret) });
    return session && isActive(session) ? session : null;
  }

  /** Which of these sessions are still active (not ended, not expired): one query for them all. */
  async activeAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const now = new Date();
    const sessions = await this.em
      .fork()
      .find(
        Session,
        { id: { $in: [...new Set(ids)] }, endedAt: null, expiresAt: { $gt: now } },
        { fields: ['id'] },
      );
    return new Set(sessions.map((session) => session.id));
  }

  async findActiveById(id: string): Promise<Session | null> {
    const session = await this.em.findOne(Session, { id });
    return session && isActive(session) ? session : null;
  }

  /** Who holds an active session: what the JWT strategy puts on the request. */
  async authUser(sessionId: string, userId: string): Promise<AuthUser | null> {
    const [row] = await SESSION_USER.rows(this.em, [sessionId, userId]);
    if (!row) return null;
    const endedAt = row.ended_at === null ? null : new Date(row.ended_at);
    if (!isActive({ endedAt, expiresAt: new Date(row.expires_at) })) return null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      isDemo: row.id === DEMO_USER_ID,
      sessionId,
      memberships: membershipsOf(row.memberships),
    };
  }

  async touch(session: Session): Promise<void> {
    session.lastUsedAt = new Date();
    await this.em.flush();
  }

  /** Ends one of the user's sessions; false when it is not theirs or already over. */
  async end(userId: string, sessionId: string): Promise<boolean> {
    const ended = await this.em.nativeUpdate(
      Session,
      { id: sessionId, userId, endedAt: null },
      { endedAt: new Date() },
    );
    return ended > 0;
  }

  /** The user's active sessions, newest first. */
  async listActive(userId: string): Promise<Session[]> {
    const sessions = await this.em.find(
      Session,
      { userId, endedAt: null, expiresAt: { $gt: new Date() } },
      { orderBy: { createdAt: 'desc' } },
    );
    return sessions;
  }
}
