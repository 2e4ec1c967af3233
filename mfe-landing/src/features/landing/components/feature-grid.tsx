import { paths } from '@outpost/contracts';
import { Link } from '@outpost/router';
import { FEATURES } from '../content';

export const FeatureGrid = () => (
  <section id="features" className="op-section" aria-labelledby="features-title">
    <h2 id="features-title">Everything your staff needs</h2>
    <ul className="op-feature-grid">
      {FEATURES.map((feature) => (
        <li key={feature.id} className="op-card op-feature">
          <h3>{feature.title}</h3>
          <p>{feature.summary}</p>
        </li>
      ))}
    </ul>
    <Link to={paths.features()} className="op-link">
      See what each feature does
    </Link>
  </section>
);
