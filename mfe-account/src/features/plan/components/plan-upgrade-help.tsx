import { Card, CardBody, CardHeader } from '@outpost/ui';

export type PlanUpgradeHelpProps = {
  /** The signed-in user's e-mail, written into the command; none for the demo. */
  email?: string;
};

/**
 * How a plan changes on a self-hosted panel: no payment provider is configured, so the operator
 * runs the command on the panel's server; a community hosting its own panel turns plans off.
 */
export const PlanUpgradeHelp = ({ email }: PlanUpgradeHelpProps) => (
  <Card className="acc-plan-help" aria-labelledby="plan-help-title" role="region">
    <CardHeader level={2} title="How to upgrade on this panel" id="plan-help-title" />
    <CardBody>
      <p>
        This panel is self-hosted and has no payment provider. Its operator, whoever runs the panel’s server,
        sets each user’s plan there with:
      </p>
      <pre className="acc-plan-help__command">
        <code>npm run panel -- users:plan {email ?? '<email>'} premium|free</code>
      </pre>
      <p>
        A plan applies at once to every network its user owns: a network gets what its owner’s plan gives, so
        every member of a Premium network sees its Premium areas.
      </p>
      <p>
        Hosting the panel for your own community? Start it with <code>PLANS=off</code> and every network gets
        everything Premium gives.
      </p>
    </CardBody>
  </Card>
);
