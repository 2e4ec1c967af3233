import { Module } from '@nestjs/common';
import { NetworkPlans } from './network-plans.service';
import { PremiumGuard } from './require-premium';

/**
 * Plans: what a network gets from its owner's plan. Reads the networks' owners and the users'
 * plans; writes nothing (the users module stores plans, the operator command sets them). A module
 * with premium routes imports it for @RequirePremium.
 */
@Module({ providers: [NetworkPlans, PremiumGuard], exports: [NetworkPlans, PremiumGuard] })
export class PlansModule {}
