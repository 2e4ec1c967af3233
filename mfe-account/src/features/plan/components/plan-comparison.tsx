import { PLAN_FEATURES, type Plan } from '@outpost/contracts';
import { Card, CardBody, CardHeader } from '@outpost/ui';

const COLUMNS: readonly { plan: Plan; name: string }[] = [
  { plan: 'free', name: 'Free' },
  { plan: 'premium', name: 'Premium' },
];

/** Free against Premium, line by line: exactly what the API gives each plan (PLAN_FEATURES). */
export const PlanComparison = () => (
  <Card className="acc-plan-compare" aria-labelledby="plan-compare-title" role="region">
    <CardHeader level={2} title="Line by line" id="plan-compare-title" />
    <CardBody>
      <table className="acc-plan-compare__table">
        <thead>
          <tr>
            <th scope="col">What a network gets</th>
            {COLUMNS.map((column) => (
              <th key={column.plan} scope="col">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PLAN_FEATURES.map((line) => (
            <tr key={line.text}>
              <th scope="row">{line.comingSoon ? `${line.text} (coming soon)` : line.text}</th>
              {COLUMNS.map((column) => {
                const included = line.plans.includes(column.plan);
                return (
                  <td key={column.plan} className={included ? 'acc-plan__yes' : 'acc-plan__no'}>
                    <span aria-hidden="true">{included ? '✓' : '✕'}</span>
                    <span className="op-sr-only">{included ? 'Included' : 'Not included'}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </CardBody>
  </Card>
);
