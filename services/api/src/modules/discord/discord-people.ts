import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { can, DEMO_USER_ID, type Permission, type Role } from '@outpost/contracts';
import { AccessService } from '../../core/access';
import type { AuthUser } from '../../core/auth';
import { userIdOfProviderAccount } from '../identity';
import { User } from '../users';

/** A Discord user who is a panel account, with their role in the network. */
export type PanelStaff = { user: AuthUser; role: Role };

/**
 * Who a Discord user is on the panel: the account that signs in with that Discord identity, and
 * their role in the network. The panel's roles decide what they may do; Discord's never do.
 */
@Injectable()
export class DiscordPeople {
  constructor(
    private readonly em: EntityManager,
    private readonly access: AccessService,
  ) {}

  /** The panel user behind this Discord user, when they may do `permission` in the network; else null. */
  async staff(discordUserId: string, networkId: string, permission: Permission): Promise<PanelStaff | null> {
    const em = this.em.fork();
    const userId = await userIdOfProviderAccount(em, 'discord', discordUserId);
    // The demo is read-only, on Discord as on the panel.
    if (!userId || userId === DEMO_USER_ID) return null;
    const access = await this.access.roleOf(userId, networkId);
    if (!access || !can(access.role, permission)) return null;
    const user = await em.findOne(User, { id: userId });
    if (!user) return null;
    return {
      user: { id: user.id, email: user.email, name: user.name, isDemo: false, sessionId: '' },
      role: access.role,
    };
  }
}
