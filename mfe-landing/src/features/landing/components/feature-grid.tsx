import { paths } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { FEATURES } from '../content';
import { FeatureStatusBadge } from './feature-labels';

export const FeatureGrid = () => (
  <section id="features" className="op-section" aria-labelledby="features-title">
    <h2 id="features-title">Everything your staff needs</h2>
    <ul className="op-feature-grid">
      {FEATURES.map((feature) => (
        <li key={feature.id} className="op-card op-feature">
          <h3>{feature.title}</h3>
          <p>{feature.summary}</p>
          {feature.status === 'planned' && <FeatureStatusBadge status={feature.status} />}
        </li>
      ))}
    </ul>
    <Link to={paths.features()} className="op-link">
      See what each feature does
    </Link>
  </section>
);
