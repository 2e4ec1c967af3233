import { randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Injectable } from '@nestjs/common';
import { DEMO_USER_ID, type Plan, type UserProfile } from '@outpost/contracts';
import { isReservedUsername, MESSAGES, USERNAME_PATTERN } from '@outpost/validation';
import { sqlEm } from '../../core/database';
import type { UsernameAvailability } from './dto/users.dto';
import { User } from './user.entity';
import { USER_ERRORS, userErrors } from './users.errors';

/** The fixed demo identity (spec section 3). */
export const DEMO_USER = { id: DEMO_USER_ID, email: 'demo@outpost.local', name: 'Demo User' } as const;

export type NewUser = { id?: string; name?: string; avatar?: string | null; emailVerified?: boolean };

export type ProfileChanges = { name?: string; avatar?: string | null; username?: string };

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const toProfile = (user: User): UserProfile => ({
  $id: user.id,
  email: user.email,
  name: user.name,
  emailVerification: user.emailVerified,
  username: user.username,
  avatar: user.avatar,
  isUpgraded: user.plan !== 'free',
  plan: user.plan,
});

@Injectable()
export class UsersService {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email: normaliseEmail(email) });
  }

  async get(id: string): Promise<User> {
    const user = await this.findById(id);
    if (!user) throw userErrors.notFound();
    return user;
  }

  /** Creates a user; the id is the caller's (e.g. the magic-link request's userId) when free. */
  async create(email: string, data: NewUser = {}): Promise<User> {
    const id = data.id && !(await this.findById(data.id)) ? data.id : newUserId();
    // An upsert: two first sign-ins of one e-mail at once (two links, or a link and OAuth) both
    // end signed into the one user the first of them created.
    const now = this.em.getPlatform().processDateProperty(new Date()) as Date | number;
    await sqlEm(this.em)
      .getKnex()('users')
      .insert({
        id,
        email: normaliseEmail(email),
        name: data.name?.slice(0, 100) ?? '',
        username: null,
        avatar: data.avatar ?? null,
        email_verified: data.emailVerified ?? false,
        plan: 'free',
        created_at: now,
        updated_at: now,
        last_seen_at: null,
      })
      .onConflict('email')
      .ignore();
    const user = await this.findByEmail(email);
    if (!user) throw new Error(`The user ${id} was neither created nor found`);
    return user;
  }

  /** The demo user, created on first use with the fixed identity. */
  async ensureDemoUser(): Promise<User> {
    const existing = await this.findById(DEMO_USER.id);
    if (existing) return existing;
    const user = this.em.create(User, { ...DEMO_USER, emailVerified: true });
    await this.em.flush();
    return user;
  }

  /** When the user was last active (shown on member lists). */
  async markSeen(user: User): Promise<void> {
    user.lastSeenAt = new Date();
    await this.em.flush();
  }

  async markEmailVerified(user: User): Promise<void> {
    if (user.emailVerified) return;
    user.emailVerified = true;
    await this.em.flush();
  }

  /** Whether `username` could be taken by `userId` (rules in README: "Usernames"). */
  async checkUsername(username: string, userId?: string): Promise<UsernameAvailability> {
    const value = username.trim();
    if (value.length < 3) return { available: false, reason: 'invalid', message: MESSAGES.usernameTooShort };
    if (value.length > 20) return { available: false, reason: 'invalid', message: MESSAGES.usernameTooLong };
    if (!USERNAME_PATTERN.test(value))
      return { available: false, reason: 'invalid', message: MESSAGES.usernameInvalidChars };
    if (isReservedUsername(value))
      return { available: false, reason: 'reserved', message: MESSAGES.usernameReserved };
    const holder = await this.findByUsername(value);
    if (holder && holder.id !== userId)
      return { available: false, reason: 'taken', message: USER_ERRORS.usernameTaken.message };
    return { available: true };
  }

  async updateProfile(userId: string, changes: ProfileChanges): Promise<User> {
    const user = await this.get(userId);
    if (changes.username !== undefined) {
      const check = await this.checkUsername(changes.username, userId);
      if (!check.available)
        throw check.reason === 'taken'
          ? userErrors.usernameTaken()
          : userErrors.usernameInvalid(check.message ?? '');
      user.username = changes.username.trim();
      // The route guard sends a user without a name to username setup: the username becomes the
      // display name until they choose one.
      if (user.name.trim() === '' && changes.name === undefined) user.name = user.username;
    }
    if (changes.name !== undefined) user.name = changes.name;
    if (changes.avatar !== undefined) user.avatar = changes.avatar;
    await this.em.flush();
    return user;
  }

  /** Operator command: sets a plan by e-mail; null when nobody has that e-mail. */
  async setPlanByEmail(email: string, plan: Plan): Promise<User | null> {
    const user = await this.findByEmail(email);
    if (!user) return null;
    user.plan = plan;
    await this.em.flush();
    return user;
  }

  /** Usernames are unique ignoring case: "Raider" and "raider" are the same name. */
  private findByUsername(username: string): Promise<User | null> {
    return (this.em as SqlEntityManager)
      .createQueryBuilder(User, 'u')
      .where('lower(u.username) = ?', [username.toLowerCase()])
      .getSingleResult();
  }
}

/** Like Appwrite's ids: 20 hex characters. */
const newUserId = (): string => randomBytes(10).toString('hex');
