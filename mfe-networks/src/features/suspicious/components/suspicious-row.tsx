import { paths, type SuspiciousFactor, type SuspiciousPlayer } from '@outpost/contracts';
import { Badge, Button } from '@outpost/ui';
import { Link } from '@outpost/router';
import { useId, useState } from 'react';
import { READ_ONLY_HINT } from '../../../shared/hooks/use-read-only';
import { contributionText, populationText, topFactorsText } from '../utils/factor-text';

export type SuspiciousRowProps = {
  networkId: string;
  /** The server whose players area Punish opens. */
  serverId: string;
  player: SuspiciousPlayer;
  onReview: (action: 'dismiss' | 'flag') => void;
  /** The demo: the actions show, disabled, saying why. */
  readOnly?: boolean;
};

const evidenceLines = (factor: SuspiciousFactor): string[] => {
  const { counts, ids, times, population, names, kinds, ips } = factor.evidence;
  const lines: string[] = [];
  if (counts)
    lines.push(
      Object.entries(counts)
        .map(([key, value]) => `${key} ${value}`)
        .join(', '),
    );
  if (population) lines.push(`Population: ${populationText(population)}`);
  if (kinds?.length) lines.push(`Kinds: ${kinds.join(', ')}`);
  if (names?.length) lines.push(`Names: ${names.join(', ')}`);
  if (ips?.length) lines.push(`Shared IPs: ${ips.join(', ')}`);
  if (ids?.length) lines.push(`Ids: ${ids.join(', ')}`);
  if (times?.length) lines.push(`When: ${times.map((time) => new Date(time).toLocaleString()).join(', ')}`);
  return lines;
};

/** One player of the list: the score and top factors; expanded, every factor with its evidence. */
export const SuspiciousRow = ({
  networkId,
  serverId,
  player,
  onReview,
  readOnly = false,
}: SuspiciousRowProps) => {
  const [open, setOpen] = useState(false);
  const locked = readOnly ? { disabled: true, title: READ_ONLY_HINT } : {};
  const detailsId = useId();
  const review = player.review;
  return (
    <li className={`sus-row${review?.state === 'dismissed' ? ' sus-row--dismissed' : ''}`}>
      <div className="sus-row__head">
        <button
          type="button"
          className="sus-row__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          <span className="sus-row__score" aria-label={`Score ${player.score}`}>
            {player.score}
          </span>
          <span className="sus-row__name">{player.name}</span>
          <span className="sus-row__factors">{topFactorsText(player) || 'Flagged'}</span>
        </button>
        {review && (
          <Badge tone={review.state === 'flagged' ? 'danger' : 'neutral'} title={review.note ?? undefined}>
            {review.state === 'flagged' ? 'Flagged' : 'Dismissed'} by {review.byName}
          </Badge>
        )}
        <div className="sus-row__actions">
          <Button size="sm" variant="secondary" onClick={() => onReview('dismiss')} {...locked}>
            Dismiss
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onReview('flag')} {...locked}>
            Flag
          </Button>
          {/* The action dialog is the players area's (another remote): Punish opens it there. */}
          {readOnly ? (
            <Button size="sm" variant="danger" {...locked}>
              Punish
            </Button>
          ) : (
            <Link
              className="op-btn op-btn--danger op-btn--sm"
              to={paths.playerAction(networkId, serverId, player.steamId, 'ban')}
            >
              Punish
            </Link>
          )}
        </div>
      </div>
      {open && (
        <table id={detailsId} className="sus-factors">
          <caption className="op-sr-only">Every factor of {player.name}&apos;s score</caption>
          <thead>
            <tr>
              <th scope="col">Factor</th>
              <th scope="col">Value</th>
              <th scope="col">Weight</th>
              <th scope="col">Adds</th>
              <th scope="col">Evidence</th>
            </tr>
          </thead>
          <tbody>
            {player.factors.map((factor) => (
              <tr key={factor.key} className={factor.contribution > 0 ? 'sus-factors__on' : undefined}>
                <th scope="row">{factor.label}</th>
                <td>{factor.summary}</td>
                <td>{factor.weight}</td>
                <td>{contributionText(factor.contribution)}</td>
                <td>
                  {evidenceLines(factor).map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Score (the sum)
              </th>
              <td colSpan={2}>{player.score}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </li>
  );
};
