import type { EntityManager } from '@mikro-orm/core';
import { UserIdentity } from './user-identity.entity';

/**
 * The panel user who signs in with this provider account (e.g. Discord user 1234), or null: how
 * the Discord bot knows which panel account a Discord user is (the panel's roles decide what they
 * may do, never Discord's).
 */
export const userIdOfProviderAccount = async (
  em: EntityManager,
  provider: string,
  providerUserId: string,
): Promise<string | null> =>
  (await em.findOne(UserIdentity, { provider, providerUserId }, { fields: ['userId'] }))?.userId ?? null;
