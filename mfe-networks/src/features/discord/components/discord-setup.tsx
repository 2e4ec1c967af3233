import type { DiscordSettings } from '@outpost/contracts';
import { Button, EmptyState } from '@outpost/ui';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { browserNavigation, discordInstallUrl } from '../utils/discord-install';

export type DiscordNotConfiguredProps = { settings: DiscordSettings };

/** The operator has not set the bot up: what is missing, by name, and what to enter at Discord. */
export const DiscordNotConfigured = ({ settings }: DiscordNotConfiguredProps) => (
  <section className="dc-setup" aria-labelledby="discord-setup-title">
    <h3 id="discord-setup-title">The panel’s Discord bot is not set up yet</h3>
    <p>
      The operator of this panel sets these, then restarts it; until then nothing else on the panel changes.
    </p>
    <ul className="dc-setup__missing" aria-label="Settings to set">
      {settings.missing.map((name) => (
        <li key={name}>
          <code>{name}</code>
        </li>
      ))}
    </ul>
    <dl className="dc-setup__facts">
      <dt>Interactions Endpoint URL, to enter in Discord’s developer portal</dt>
      <dd>
        <code className="dc-setup__url">{settings.interactionsUrl}</code>
      </dd>
    </dl>
    <p className="net-muted">
      The panel’s README says step by step what to set, in its section <strong>Discord</strong> (“Set-up for
      the operator”).
    </p>
  </section>
);

export type DiscordNotLinkedProps = { networkId: string };

/** Configured, no server yet: Add to Discord leaves for Discord's bot install and comes back here. */
export const DiscordNotLinked = ({ networkId }: DiscordNotLinkedProps) => {
  const readOnly = useReadOnly();
  return (
    <EmptyState
      title="No Discord server linked"
      message="Add the panel’s bot to your Discord server: it answers /status, /players and the staff’s commands there, links players to their Steam account, keeps roles and in-game groups in step and posts F7 reports."
      action={
        <Button
          disabled={readOnly}
          title={readOnly ? READ_ONLY_HINT : undefined}
          onClick={() => browserNavigation.assign(discordInstallUrl(networkId))}
        >
          Add to Discord
        </Button>
      }
    />
  );
};
