import {
  useDeleteDiscordLinkMutation,
  useGetDiscordLinksQuery,
  useGetNetworkQuery,
} from '@outpost/api-cache';
import { selectAuthStatus, useAppSelector } from '@outpost/api-client';
import { can, type DiscordLink } from '@outpost/contracts';
import { formatDateTime } from '@outpost/format';
import { Badge, Button, Modal, Spinner } from '@outpost/ui';
import { useState } from 'react';
import { apiErrorText } from '../../../shared/utils/api-error';

type RemoveLinkDialogProps = {
  networkId: string;
  link: DiscordLink;
  playerName: string;
  onClose: () => void;
};

/** "Remove Discord link?": Cancel, and Remove link in red. */
const RemoveLinkDialog = ({ networkId, link, playerName, onClose }: RemoveLinkDialogProps) => {
  const [remove, { isLoading, error }] = useDeleteDiscordLinkMutation();
  const confirm = async () => {
    try {
      await remove({ networkId, steamId: link.steamId }).unwrap();
      onClose();
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!isLoading}
      size="sm"
      title="Remove Discord link?"
      description={`${playerName} is no longer linked to ${link.discordName} on Discord; the roles and groups the link gave go at the next sync. They can link again with /link.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} busy={isLoading} busyLabel="Removing…">
            Remove link
          </Button>
        </>
      }
    >
      {error && (
        <p className="pl-error" role="alert">
          {apiErrorText(error, 'Removing the link failed')}
        </p>
      )}
    </Modal>
  );
};

export type DiscordLinkSectionProps = { networkId: string; steamId: string; playerName: string };

/**
 * The player's Discord link (`/link` on Discord, then `!link CODE` in game): for those who read the
 * links (discord.links: moderators and up); owner and admin may remove it (discord.manage).
 */
export const DiscordLinkSection = ({ networkId, steamId, playerName }: DiscordLinkSectionProps) => {
  const { data: network } = useGetNetworkQuery(networkId);
  const reads = can(network?.role, 'discord.links');
  const manage = can(network?.role, 'discord.manage');
  const demo = useAppSelector(selectAuthStatus) === 'demo';
  const query = useGetDiscordLinksQuery({ networkId, steamId }, { skip: !reads });
  const [removing, setRemoving] = useState(false);
  if (!reads) return null;
  const link = query.data?.find((found) => found.steamId === steamId) ?? null;

  let body;
  if (query.isLoading) body = <Spinner label="Loading the Discord link…" showLabel />;
  else if (!query.data)
    body = (
      <div className="pl-discord__row">
        <p role="alert" className="pl-error">
          {apiErrorText(query.error, 'Failed to read the Discord link')}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  else if (!link)
    body = (
      <p className="pl-muted">
        Not linked. The player types /link in the network’s Discord server, then !link CODE in game chat.
      </p>
    );
  else
    body = (
      <div className="pl-discord__row">
        <dl className="pl-facts pl-discord__facts">
          <div>
            <dt>Discord name</dt>
            <dd>{link.discordName}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              {link.active ? (
                <Badge tone="success">Active</Badge>
              ) : (
                <Badge title="Left the Discord server">Inactive</Badge>
              )}
            </dd>
          </div>
          <div>
            <dt>Linked</dt>
            <dd>
              <time dateTime={link.linkedAt}>{formatDateTime(link.linkedAt)}</time>
            </dd>
          </div>
        </dl>
        {manage && (
          <Button
            variant="secondary"
            size="sm"
            disabled={demo}
            title={demo ? 'The demo is read-only' : undefined}
            onClick={() => setRemoving(true)}
          >
            Remove link
          </Button>
        )}
      </div>
    );

  return (
    <section className="pl-discord" aria-labelledby="player-discord-title">
      <h2 id="player-discord-title">Discord</h2>
      {body}
      {removing && link && (
        <RemoveLinkDialog
          networkId={networkId}
          link={link}
          playerName={playerName}
          onClose={() => setRemoving(false)}
        />
      )}
    </section>
  );
};
