import { FEATURES } from '../content';
import { FeatureStatusBadge, PLAN_LABEL } from './feature-labels';
import { GetStartedLink } from './get-started-link';

/** `/features`: what each feature really does, which plan has it, and whether it is here yet. */
export default function FeaturesPage() {
  return (
    <article className="op-page op-prose">
      <h1>Features</h1>
      <p>
        Outpost is a control panel for Rust servers. A server connects through a plugin or a bridge: a plugin
        on the server that speaks the Outpost protocol, or, for a vanilla server, its WebRCON, dialled by the
        panel itself or by the outpost-bridge agent running beside the server. Either way the server reports
        to the panel and carries out its commands. Features marked Planned are on the way; the others work
        today. A network gets what its owner&apos;s plan gives: those marked Premium need the owner&apos;s
        Premium plan, which the operator of this panel sets (a panel started with PLANS=off gives every
        network everything).
      </p>
      {FEATURES.map((feature) => (
        <section
          key={feature.id}
          aria-labelledby={`feature-${feature.id}`}
          className="op-card op-feature-detail"
          data-feature={feature.id}
        >
          <h2 id={`feature-${feature.id}`}>{feature.title}</h2>
          <p>{feature.detail}</p>
          <p className="op-feature-detail__labels">
            <span className="op-badge">{PLAN_LABEL[feature.plan]}</span>{' '}
            <FeatureStatusBadge status={feature.status} />
          </p>
        </section>
      ))}
      <p>
        <GetStartedLink size="md" />
      </p>
    </article>
  );
}
