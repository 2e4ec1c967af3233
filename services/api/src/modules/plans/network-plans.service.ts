import { EntityManager } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import { PLANS, type Plan, type PremiumFeature } from '@outpost/contracts';
import { APP_CONFIG, type AppConfig } from '../../core/config';
import { PreparedStatement, sqlEm } from '../../core/database';
import { planErrors } from './plans.errors';

/** Asked on every premium request: the network's owner and their plan, in one read. */
const OWNER_PLAN = new PreparedStatement<{ plan: string }>(
  'select u.plan from networks n join users u on u.id = n.owner_id where n.id = ?',
);

/** An unknown plan in the column (a later version's, rolled back) gives no more than Free. */
const planIn = (value: unknown): Plan => (isPlan(value) ? value : 'free');

const isPlan = (value: unknown): value is Plan => PLANS.includes(value as Plan);

/**
 * What a network gets (DESIGN section 9): its OWNER's plan, whoever calls. A member of a Premium
 * network sees its map though they are on Free themselves, and an owner's upgrade reaches every
 * member at once. With PLANS=off every network is premium (a community hosting its own panel).
 * The demo network's owner is made premium by the demo module.
 */
@Injectable()
export class NetworkPlans {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async planOf(networkId: string): Promise<Plan> {
    if (!this.config.plansEnabled) return 'premium';
    const [row] = await OWNER_PLAN.rows(this.em, [networkId]);
    return planIn(row?.plan);
  }

  /** The plans of many networks in one read (a list of networks says each one's). */
  async plansOf(networkIds: readonly string[]): Promise<ReadonlyMap<string, Plan>> {
    if (!this.config.plansEnabled || networkIds.length === 0)
      return new Map(networkIds.map((id) => [id, this.config.plansEnabled ? 'free' : 'premium']));
    const rows = (await sqlEm(this.em)
      .getKnex()('networks as n')
      .join('users as u', 'u.id', 'n.owner_id')
      .whereIn('n.id', [...networkIds])
      .select('n.id as id', 'u.plan as plan')) as { id: string; plan: string }[];
    const plans = new Map(rows.map((row) => [row.id, planIn(row.plan)]));
    return new Map(networkIds.map((id) => [id, plans.get(id) ?? 'free']));
  }

  /**
   * Throws 403 plan_required unless the network is premium. Call it only after the caller's
   * membership was checked, so an outsider still learns nothing but 404.
   */
  async requirePremium(networkId: string, feature?: PremiumFeature): Promise<void> {
    if ((await this.planOf(networkId)) !== 'premium') throw planErrors.planRequired(feature);
  }
}
