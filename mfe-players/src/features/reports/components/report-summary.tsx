import { paths, type ReportItem, type ReportPlayer } from '@outpost/contracts';
import { Link } from '@outpost/router';

type PlayerLinkProps = { networkId: string; player: ReportPlayer | null };

/** A reporter or target: their profile when the report named a Steam ID. */
const PlayerLink = ({ networkId, player }: PlayerLinkProps) => {
  if (!player) return <span className="pl-muted">Unknown</span>;
  const name = player.name ?? player.steamId;
  return player.steamId ? (
    <Link className="pl-player-link" to={paths.playerProfile(networkId, player.steamId)}>
      {name}
    </Link>
  ) : (
    <span>{name}</span>
  );
};

/** "x, y, z", rounded to the metre. */
export const positionText = ({ x, y, z }: { x: number; y: number; z: number }): string =>
  [x, y, z].map((value) => Math.round(value)).join(', ');

export type ReportPartiesProps = { networkId: string; report: ReportItem };

export const ReportParties = ({ networkId, report }: ReportPartiesProps) => (
  <span className="pl-report-parties">
    <PlayerLink networkId={networkId} player={report.reporter} /> →{' '}
    <PlayerLink networkId={networkId} player={report.target} />
  </span>
);

export type ReportFactsProps = { report: ReportItem };

/** The message, and what else came with it: the place, a screenshot, the fields that could not be read. */
export const ReportFacts = ({ report }: ReportFactsProps) => (
  <>
    {report.message && <p className="pl-report-message">{report.message}</p>}
    {report.position && <div className="pl-muted">Position: {positionText(report.position)}</div>}
    {report.hasScreenshot ? (
      <div className="pl-muted">Screenshot attached</div>
    ) : (
      report.screenshotNote && <div className="pl-muted">{report.screenshotNote}</div>
    )}
    {report.unparsed.length > 0 && (
      <div className="pl-warning">Could not read: {report.unparsed.join(', ')}</div>
    )}
  </>
);
