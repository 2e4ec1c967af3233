import { paths } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { FEATURES } from '../content';

const PLAN_LABEL = { free: 'Free and Premium', premium: 'Premium' } as const;

/** `/features`: what each feature really does and which plan has it. */
export default function FeaturesPage() {
  return (
    <article className="op-page op-prose">
      <h1>Features</h1>
      <p>
        Outpost is a control panel for Rust servers. A plugin on each server reports to the panel and carries
        out its commands.
      </p>
      {FEATURES.map((feature) => (
        <section
          key={feature.id}
          aria-labelledby={`feature-${feature.id}`}
          className="op-card op-feature-detail"
        >
          <h2 id={`feature-${feature.id}`}>{feature.title}</h2>
          <p>{feature.detail}</p>
          <p className="op-badge">{PLAN_LABEL[feature.plan]}</p>
        </section>
      ))}
      <p>
        <Link className="op-btn op-btn--primary op-btn--md" to={paths.login()}>
          Get Started
        </Link>
      </p>
    </article>
  );
}
