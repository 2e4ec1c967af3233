import type { DiscordLink } from '@outpost/contracts';
import { formatDateTime } from '@outpost/format';
import { Badge, Button, EmptyState, ErrorState, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage, listErrorMessage } from '../../../shared/utils/error-message';
import { useDeleteDiscordLinkMutation, useGetDiscordLinksQuery } from '../api/discord.api';

/** How a link's player is named: their name on the network, else their Steam ID. */
const playerOf = (link: DiscordLink): string => link.playerName ?? link.steamId;

export type DiscordLinksProps = { networkId: string };

/** The players who linked their Discord (`/link`, then `!link CODE` in game), with Remove. */
export const DiscordLinks = ({ networkId }: DiscordLinksProps) => {
  const readOnly = useReadOnly();
  const query = useGetDiscordLinksQuery({ networkId });
  const [removing, setRemoving] = useState<DiscordLink | null>(null);
  const [remove, removed] = useDeleteDiscordLinkMutation();
  const close = () => {
    removed.reset();
    setRemoving(null);
  };

  let body;
  if (query.isLoading) body = <Spinner label="Loading linked players…" showLabel />;
  else if (!query.data)
    body = (
      <ErrorState
        title="Failed to load the linked players"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.length === 0)
    body = (
      <EmptyState
        title="No linked players yet"
        message="A player types /link in your Discord server, then the code as !link CODE in game chat on any of the network’s servers."
      />
    );
  else
    body = (
      <div className="dc-links__scroll">
        <table className="dc-links" aria-label="Linked players">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Discord</th>
              <th scope="col">Status</th>
              <th scope="col">Linked</th>
              <th scope="col">
                <span className="op-sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((link) => (
              <tr key={link.steamId}>
                <td>
                  {link.playerName && <span>{link.playerName} </span>}
                  <span className="net-mono">{link.steamId}</span>
                </td>
                <td>{link.discordName}</td>
                <td>
                  {link.active ? (
                    <Badge tone="success">Active</Badge>
                  ) : (
                    <Badge title="Left the Discord server">Inactive</Badge>
                  )}
                </td>
                <td>
                  <time dateTime={link.linkedAt}>{formatDateTime(link.linkedAt)}</time>
                </td>
                <td>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={readOnly}
                    title={readOnly ? READ_ONLY_HINT : undefined}
                    aria-label={`Remove the link of ${playerOf(link)}`}
                    onClick={() => setRemoving(link)}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="dc-section" aria-labelledby="discord-links-title">
      <h3 id="discord-links-title">Linked players</h3>
      {body}
      <ConfirmDialog
        open={removing !== null}
        title="Remove Discord link"
        description={
          removing
            ? `${playerOf(removing)} is no longer linked to ${removing.discordName} on Discord; the roles and groups the link gave are taken away now. They can link again with /link.`
            : ''
        }
        confirmLabel="Remove link"
        busyLabel="Removing…"
        busy={removed.isLoading}
        onClose={close}
        onConfirm={() => {
          if (!removing) return;
          void remove({ networkId, steamId: removing.steamId })
            .unwrap()
            .then(close)
            .catch(() => undefined);
        }}
      >
        {removed.isError && (
          <p role="alert" className="net-form-error">
            {errorMessage(removed.error, 'Failed to remove the link')}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
};
