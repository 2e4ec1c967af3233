import type { Network } from '@outpost/contracts';
import { Button, EmptyState, ErrorState, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useGetNetworksQuery } from '../api/network-list.api';
import { CreateNetworkDialog } from './create-network-dialog';
import { DiscordInstallNotice } from './discord-install-notice';
import { JoinNetworkDialog } from './join-network-dialog';
import { NetworkCard } from './network-card';
import { NetworkSettingsDialog } from './network-settings-dialog';

type Dialog = 'create' | 'join' | null;

/** /networks */
export default function NetworkListPage() {
  const { data: networks, error, isLoading, isFetching, refetch } = useGetNetworksQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [settingsFor, setSettingsFor] = useState<Network | null>(null);
  const readOnly = useReadOnly();
  // The open dialog follows the cached list, so a save shows up in it and a deletion closes it.
  const settingsNetwork = settingsFor && (networks?.find((network) => network.id === settingsFor.id) ?? null);

  const actions = (
    <>
      <Button
        onClick={() => setDialog('create')}
        disabled={readOnly}
        title={readOnly ? READ_ONLY_HINT : undefined}
      >
        Create Network
      </Button>
      <Button
        variant="secondary"
        onClick={() => setDialog('join')}
        disabled={readOnly}
        title={readOnly ? READ_ONLY_HINT : undefined}
      >
        Join Network
      </Button>
    </>
  );

  let content;
  if (isLoading) content = <Spinner label="Loading networks…" showLabel size="lg" />;
  else if (error)
    content = (
      <ErrorState
        title="Failed to load networks"
        message={errorMessage(error, 'The network list could not be loaded.')}
        onRetry={() => void refetch()}
      />
    );
  else if (!networks || networks.length === 0)
    content = (
      <EmptyState
        title="No networks yet"
        message="Create a network for your servers, or join one with an invite code."
        action={
          <Button
            onClick={() => setDialog('create')}
            disabled={readOnly}
            title={readOnly ? READ_ONLY_HINT : undefined}
          >
            Create your first network
          </Button>
        }
      />
    );
  else
    content = (
      <ul className="net-grid" aria-label="Your networks" aria-busy={isFetching || undefined}>
        {networks.map((network) => (
          <li key={network.id}>
            <NetworkCard network={network} onSettings={setSettingsFor} />
          </li>
        ))}
      </ul>
    );

  return (
    <section className="net-page" aria-labelledby="networks-title">
      <header className="net-page__header">
        <div>
          <h1 id="networks-title">Networks</h1>
          <p className="net-muted">Group your servers and invite your team.</p>
        </div>
        <div className="net-page__actions">{actions}</div>
      </header>
      <DiscordInstallNotice />
      {content}
      <CreateNetworkDialog open={dialog === 'create'} onClose={() => setDialog(null)} />
      <JoinNetworkDialog open={dialog === 'join'} onClose={() => setDialog(null)} />
      <NetworkSettingsDialog network={settingsNetwork} onClose={() => setSettingsFor(null)} />
    </section>
  );
}
