import type {
  ApiErrorDetail,
  DiscordChoice,
  DiscordSettings,
  DiscordSettingsInput,
} from '@outpost/contracts';
import { Button, SelectField, useToast, type SelectOption } from '@outpost/ui';
import { discordSettingsSchema, messagesByField, requestErrors } from '@outpost/validation';
import { useState, type FormEvent } from 'react';
import { READ_ONLY_HINT, useReadOnly } from '../../../shared/hooks/use-read-only';
import { errorMessage } from '../../../shared/utils/error-message';
import {
  useGetDiscordChannelsQuery,
  useGetDiscordRolesQuery,
  useUpdateDiscordSettingsMutation,
} from '../api/discord.api';

type Choices = { data?: DiscordChoice[]; isLoading: boolean; isError: boolean; error?: unknown };

/**
 * A picker's options: none, then the server's channels or roles; a saved one Discord no longer
 * lists stays chosen, by its id, until it is changed.
 */
const optionsOf = (
  choices: Choices,
  saved: string,
  none: string,
  label: (choice: DiscordChoice) => string,
): SelectOption<string>[] => {
  if (!choices.data) return [{ value: saved, label: choices.isLoading ? 'Loading…' : 'Not available' }];
  const options = [
    { value: '', label: none },
    ...choices.data.map((choice) => ({ value: choice.id, label: label(choice) })),
  ];
  return saved && !choices.data.some((choice) => choice.id === saved)
    ? [...options, { value: saved, label: `Unknown (${saved})` }]
    : options;
};

/** Why a picker has no choices: Discord's answer, or the API's. */
const choicesError = (choices: Choices, what: string): string | undefined =>
  choices.isError
    ? `Could not read the server’s ${what}: ${errorMessage(choices.error, 'try again')}`
    : undefined;

export type DiscordSettingsFormProps = { networkId: string; settings: DiscordSettings };

/** The reports channel and the Linked role, each one of the server's or none; saved together. */
export const DiscordSettingsForm = ({ networkId, settings }: DiscordSettingsFormProps) => {
  const readOnly = useReadOnly();
  const toast = useToast();
  const channels = useGetDiscordChannelsQuery(networkId);
  const roles = useGetDiscordRolesQuery(networkId);
  const [update, saving] = useUpdateDiscordSettingsMutation();
  const savedChannel = settings.reportsChannelId ?? '';
  const savedRole = settings.linkedRoleId ?? '';
  const [channel, setChannel] = useState(savedChannel);
  const [role, setRole] = useState(savedRole);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const changes: DiscordSettingsInput = {
    ...(channel !== savedChannel ? { reportsChannelId: channel || null } : {}),
    ...(role !== savedRole ? { linkedRoleId: role || null } : {}),
  };
  const dirty = Object.keys(changes).length > 0;
  const apiErrors = messagesByField(
    (saving.error as { details?: ApiErrorDetail[] } | undefined)?.details ?? [],
    1,
  );
  const shown = { ...apiErrors, ...errors };
  const placed = ['reportsChannelId', 'linkedRoleId'].some((field) => apiErrors[field]);
  const formError =
    saving.isError && !placed ? errorMessage(saving.error, 'Failed to save the settings') : null;
  const edited = () => {
    setErrors({});
    saving.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saving.isLoading) return;
    const found = messagesByField(requestErrors(discordSettingsSchema, changes), 1);
    if (Object.keys(found).length > 0) return setErrors(found);
    try {
      await update({ networkId, changes }).unwrap();
      toast.show({ tone: 'success', message: 'Discord settings saved' });
    } catch {
      // Shown beside the fields, or under them, from the mutation's error.
    }
  };

  return (
    <section className="dc-section" aria-labelledby="discord-settings-title">
      <h3 id="discord-settings-title">Reports and Linked role</h3>
      <form
        className="dc-settings"
        aria-labelledby="discord-settings-title"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <SelectField
          label="Reports channel"
          value={channel}
          options={optionsOf(
            channels,
            channel,
            'None: reports are not posted',
            (choice) => `#${choice.name}`,
          )}
          onChange={(next) => {
            setChannel(next);
            edited();
          }}
          disabled={!channels.data || readOnly}
          title={readOnly ? READ_ONLY_HINT : undefined}
          hint="Each new F7 report is posted there with Mark seen, Close and Open in panel."
          error={shown.reportsChannelId ?? choicesError(channels, 'channels')}
        />
        <SelectField
          label="Linked role"
          value={role}
          options={optionsOf(roles, role, 'None', (choice) => choice.name)}
          onChange={(next) => {
            setRole(next);
            edited();
          }}
          disabled={!roles.data || readOnly}
          title={readOnly ? READ_ONLY_HINT : undefined}
          hint="Every linked player gets this role."
          error={shown.linkedRoleId ?? choicesError(roles, 'roles')}
        />
        {formError && (
          <p role="alert" className="net-form-error">
            {formError}
          </p>
        )}
        <div className="dc-settings__actions">
          {(channels.isError || roles.isError) && (
            <Button
              variant="secondary"
              onClick={() => {
                if (channels.isError) void channels.refetch();
                if (roles.isError) void roles.refetch();
              }}
            >
              Retry
            </Button>
          )}
          <Button
            type="submit"
            disabled={!dirty || readOnly}
            title={readOnly ? READ_ONLY_HINT : undefined}
            busy={saving.isLoading}
            busyLabel="Saving…"
          >
            Save
          </Button>
        </div>
      </form>
    </section>
  );
};
