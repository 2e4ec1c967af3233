import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { OAuthFailureReason } from '@outpost/contracts';
import { type User, UsersService } from '../../users';
import { randomId } from '../secrets';
import { UserIdentity } from '../user-identity.entity';
import type { OAuthProfile } from './oauth-profiles';

export type OAuthAccountResult = { user: User } | { failure: OAuthFailureReason };

/**
 * Which user a provider account signs into. Identities are keyed by (provider, provider user id);
 * an e-mail only links to an existing account, or creates one, when the provider says it is
 * verified, so nobody takes over an account by putting its address on a provider profile.
 */
@Injectable()
export class OAuthAccountsService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
  ) {}

  async resolve(profile: OAuthProfile): Promise<OAuthAccountResult> {
    const key = { provider: profile.provider, providerUserId: profile.providerUserId };
    const identity = await this.em.findOne(UserIdentity, key);
    if (identity) {
      const user = await this.users.findById(identity.userId);
      if (user) return { user };
    }
    if (!profile.email || !profile.emailVerified) return { failure: 'email_unverified' };
    const user =
      (await this.users.findByEmail(profile.email)) ??
      (await this.users.create(profile.email, {
        name: profile.name,
        avatar: profile.avatar,
        emailVerified: true,
      }));
    await this.users.markEmailVerified(user);
    this.em.create(UserIdentity, { id: randomId(), userId: user.id, ...key, email: profile.email });
    try {
      await this.em.flush();
    } catch (error) {
      // The same provider account signing in twice at once: the other request linked it.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      this.em.clear();
    }
    return { user };
  }
}
