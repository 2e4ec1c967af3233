import type { DiscordSettings } from '@outpost/contracts';
import { formatDate } from '@outpost/format';
import { Button, useToast } from '@outpost/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import { useDisconnectDiscordMutation, useSyncDiscordMutation } from '../api/discord.api';
import { DiscordLinks } from './discord-links';
import { DiscordSettingsForm } from './discord-settings-form';
import { RoleRules } from './role-rules';
import { SyncReport } from './sync-report';

export type DiscordLinkedProps = {
  networkId: string;
  settings: DiscordSettings;
  guild: NonNullable<DiscordSettings['guild']>;
};

/** A linked server: Sync now and its report, Disconnect, the pickers, the role rules and the links. */
export const DiscordLinked = ({ networkId, settings, guild }: DiscordLinkedProps) => {
  const readOnly = useReadOnly();
  const toast = useToast();
  const [sync, synced] = useSyncDiscordMutation();
  const [disconnect, disconnected] = useDisconnectDiscordMutation();
  const [confirming, setConfirming] = useState(false);
  const readOnlyTitle = readOnly ? READ_ONLY_HINT : undefined;
  const closeConfirm = () => {
    disconnected.reset();
    setConfirming(false);
  };

  return (
    <>
      <div className="dc-guild">
        <p>
          Linked to <strong>{guild.name}</strong>{' '}
          <span className="net-muted">
            since <time dateTime={guild.installedAt}>{formatDate(guild.installedAt)}</time>
          </span>
        </p>
        <div className="dc-guild__actions">
          <Button
            onClick={() => void sync(networkId)}
            busy={synced.isLoading}
            busyLabel="Syncing…"
            disabled={readOnly}
            title={readOnlyTitle ?? 'Put roles and in-game groups in step now'}
          >
            Sync now
          </Button>
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            disabled={readOnly}
            title={readOnlyTitle}
          >
            Disconnect
          </Button>
        </div>
      </div>
      {synced.isError && (
        <p role="alert" className="net-form-error">
          {errorMessage(synced.error, 'Sync failed: try again in a moment')}
        </p>
      )}
      <SyncReport networkId={networkId} report={synced.data ?? settings.lastSync} />
      <DiscordSettingsForm networkId={networkId} settings={settings} />
      <RoleRules networkId={networkId} rules={settings.roleRules} />
      <DiscordLinks networkId={networkId} />
      <ConfirmDialog
        open={confirming}
        title="Disconnect Discord"
        description={`${guild.name} is unlinked from this network: its reports channel, Linked role and role rules are removed (the groups the rules gave in game are taken away), and its slash commands stop answering. The players’ links stay. The bot stays in the server until you remove it there.`}
        confirmLabel="Disconnect"
        busyLabel="Disconnecting…"
        busy={disconnected.isLoading}
        onClose={closeConfirm}
        onConfirm={() =>
          void disconnect(networkId)
            .unwrap()
            .then(() => {
              setConfirming(false);
              toast.show({ tone: 'success', message: `${guild.name} was disconnected` });
            })
            .catch(() => undefined)
        }
      >
        {disconnected.isError && (
          <p role="alert" className="net-form-error">
            {errorMessage(disconnected.error, 'Failed to disconnect Discord')}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
};
