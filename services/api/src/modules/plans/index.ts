// The public face of the plans module: other modules import only what is exported here.
// What a network gets from its owner's plan, and @RequirePremium for the premium routes.
export { NetworkPlans } from './network-plans.service';
export { PlansModule } from './plans.module';
export { PremiumGuard, RequirePremium, type PremiumOptions } from './require-premium';
