import {
  can,
  isFreeNetwork,
  isPlanRequired,
  type Network,
  type Server,
  type SuspiciousPlayer,
} from '@outpost/contracts';
import { EmptyState, ErrorState, PremiumRequired, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetServerSuspiciousQuery, useGetSuspiciousSettingsQuery } from '../api/suspicious.api';
import { populationText } from '../utils/factor-text';
import { ReviewDialog } from './review-dialog';
import { SuspiciousRow } from './suspicious-row';
import { WeightsForm } from './weights-form';

export type ServerSuspiciousProps = { network: Network; server: Server };

type Reviewing = { player: SuspiciousPlayer; action: 'dismiss' | 'flag' };

const Weights = ({ networkId, readOnly }: { networkId: string; readOnly: boolean }) => {
  const settings = useGetSuspiciousSettingsQuery(networkId);
  if (!settings.data) return null;
  return (
    <details className="sus-weights__panel">
      <summary>Weights and thresholds</summary>
      <WeightsForm
        key={JSON.stringify(settings.data)}
        networkId={networkId}
        settings={settings.data}
        readOnly={readOnly}
      />
    </details>
  );
};

/** A server's Suspicious Activity area: players by score, every factor explained on demand. */
export const ServerSuspicious = ({ network, server }: ServerSuspiciousProps) => {
  // A Free network's scores are not asked for: the API would refuse them (403).
  const free = isFreeNetwork(network);
  const query = useGetServerSuspiciousQuery({ networkId: network.id, serverId: server.id }, { skip: free });
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const readOnly = useReadOnly();
  const list = query.data;

  if (free || (query.isError && isPlanRequired(query.error)))
    return <PremiumRequired feature="suspiciousActivity" />;
  if (query.isError)
    return (
      <ErrorState
        title="Failed to load suspicious activity"
        message={errorMessage(query.error, 'The panel could not score this server’s players.')}
        onRetry={() => void query.refetch()}
      />
    );
  if (!list) return <Spinner label="Scoring players…" showLabel />;
  return (
    <section className="sus" aria-busy={query.isFetching}>
      <p className="sus__intro">
        {list.scored} players scored. Each score is the sum of its factors: open a player to see every factor
        with its weight and evidence. K/D: {populationText(list.population.kd)}; headshot rate:{' '}
        {populationText(list.population.headshots)}.
      </p>
      {can(network.role, 'alerts.manage') && <Weights networkId={network.id} readOnly={readOnly} />}
      {list.players.length === 0 ? (
        <EmptyState
          title="Nothing suspicious"
          message="No player of this server has a score above zero: no reports, violations, outlier kills or shared bans."
        />
      ) : (
        <ol className="sus__list" aria-label="Players by score">
          {list.players.map((player) => (
            <SuspiciousRow
              key={player.steamId}
              networkId={network.id}
              serverId={server.id}
              player={player}
              readOnly={readOnly}
              onReview={(action) => setReviewing({ player, action })}
            />
          ))}
        </ol>
      )}
      {reviewing && (
        <ReviewDialog
          networkId={network.id}
          player={reviewing.player}
          action={reviewing.action}
          onClose={() => setReviewing(null)}
        />
      )}
    </section>
  );
};
