import { useClientConfig } from '@outpost/api-client';
import { lazy, Suspense } from 'react';
import { DemoSection } from './demo-section';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero';
import { ParticleBackground } from './particle-background';
import { PricingSection } from './pricing-section';
import { StatCards } from './stat-cards';

// Its code loads only on a panel that names a community chat (none by default): '/' stays lighter.
const CommunitySection = lazy(() =>
  import('./community-section').then(({ CommunitySection: Section }) => ({ default: Section })),
);

/** `/`: hero, statistics, features, community, pricing and the live demo (the shell adds the footer). */
export default function LandingPage() {
  const { community } = useClientConfig();
  return (
    <div className="op-landing">
      <ParticleBackground />
      <Hero />
      <StatCards />
      <FeatureGrid />
      {(community.inviteUrl || community.widgetServerId) && (
        <Suspense fallback={null}>
          <CommunitySection />
        </Suspense>
      )}
      <PricingSection />
      <DemoSection />
    </div>
  );
}
