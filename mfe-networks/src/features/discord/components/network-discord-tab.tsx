import { useGetNetworkQuery } from '@outpost/api-cache';
import { can } from '@outpost/contracts';
import { EmptyState, ErrorState, Spinner, useToast } from '@outpost/ui';
import { useEffect, useRef } from 'react';
import { useSearchParams } from '@outpost/router';
import { listErrorMessage } from '../../../shared/utils/error-message';
import { useGetDiscordSettingsQuery } from '../api/discord.api';
import { DiscordLinked } from './discord-linked';
import { DiscordNotConfigured, DiscordNotLinked } from './discord-setup';
import '../discord.css';

/** `?discord=linked`: Discord's install came back to this tab; said once, then taken off the address. */
const useInstalledNotice = (guildName: string | undefined) => {
  const [params, setParams] = useSearchParams();
  const toast = useToast();
  const said = useRef(false);
  const linked = params.get('discord') === 'linked';
  useEffect(() => {
    if (!linked || said.current || guildName === undefined) return;
    said.current = true;
    toast.show({
      tone: 'success',
      title: 'Discord linked',
      message: guildName
        ? `The bot is in ${guildName}, with its slash commands.`
        : 'The bot was added to your Discord server.',
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('discord');
        return next;
      },
      { replace: true },
    );
  }, [linked, guildName, toast, setParams]);
};

type DiscordAreaProps = { networkId: string };

/** The settings' states: loading, failed, not configured by the operator, no server yet, linked. */
const DiscordArea = ({ networkId }: DiscordAreaProps) => {
  const query = useGetDiscordSettingsQuery(networkId);
  const settings = query.data;
  useInstalledNotice(settings ? (settings.guild?.name ?? '') : undefined);

  if (query.isLoading) return <Spinner label="Loading Discord…" showLabel />;
  if (!settings)
    return (
      <ErrorState
        title="Failed to load Discord"
        message={listErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (!settings.configured) return <DiscordNotConfigured settings={settings} />;
  if (!settings.guild) return <DiscordNotLinked networkId={networkId} />;
  return <DiscordLinked networkId={networkId} settings={settings} guild={settings.guild} />;
};

export type NetworkDiscordTabProps = { networkId: string };

/**
 * The network page's Discord tab: the panel's bot in the network's Discord server. Owner and admin
 * (discord.manage); the page offers the tab to no one else, and the API answers them 403.
 */
export const NetworkDiscordTab = ({ networkId }: NetworkDiscordTabProps) => {
  // Already read by the network page: this answers from the cache.
  const { data: network } = useGetNetworkQuery(networkId);
  if (!network) return <Spinner label="Loading Discord…" showLabel />;
  return (
    <section className="net-tab dc-tab" aria-labelledby="discord-title">
      <div className="net-tab__header">
        <h2 id="discord-title">Discord</h2>
      </div>
      {can(network.role, 'discord.manage') ? (
        <DiscordArea networkId={networkId} />
      ) : (
        <EmptyState
          title="Discord is for the owner and admins"
          message="They link the network’s Discord server."
        />
      )}
    </section>
  );
};

export default NetworkDiscordTab;
