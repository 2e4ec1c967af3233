import { CommunitySection } from './community-section';
import { DemoSection } from './demo-section';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero';
import { ParticleBackground } from './particle-background';
import { PricingSection } from './pricing-section';
import { StatCards } from './stat-cards';

/** `/`: hero, statistics, features, community, pricing and the live demo (the shell adds the footer). */
export default function LandingPage() {
  return (
    <div className="op-landing">
      <ParticleBackground />
      <Hero />
      <StatCards />
      <FeatureGrid />
      <CommunitySection />
      <PricingSection />
      <DemoSection />
    </div>
  );
}
