// Interactions as Discord sends them to an application's Interactions Endpoint URL (API v10, typed
// with discord-api-types): PING, a slash command with its options, an autocomplete, a button or
// select press on a message, a modal submitted. Each is registered with the stand-in, so its
// callback and follow-up routes know its token; `applyResponse` is what Discord does with the
// panel's answer (an HTTP answer or a POST to the callback route).
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ComponentType,
  InteractionContextType,
  InteractionResponseType,
  InteractionType,
  Locale,
  MessageFlags,
  MessageType,
  PermissionFlagsBits,
  type APIApplicationCommandAutocompleteGuildInteraction,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIChatInputApplicationCommandGuildInteraction,
  type APIInteraction,
  type APIInteractionGuildMember,
  type APIInteractionResponse,
  type APIMessage,
  type APIMessageComponentGuildInteraction,
  type APIMessageInteractionMetadata,
  type APIModalSubmitGuildInteraction,
  type APIPingInteraction,
  type APIUser,
} from 'discord-api-types/v10';
import { randomBytes } from 'node:crypto';
import {
  contentTooLong,
  EVERYONE_PERMISSIONS,
  editedMessage,
  invalidFormBody,
  memberOf,
  messageBodyProblem,
  messageOf,
  snowflake,
  userOf,
  type DiscordAnswer,
  type MessageBody,
} from './discord-objects';
import type { DiscordState, GuildState, InteractionState } from './discord-state';

/** Who presses, where: the guild (the first the bot is in by default), its channel, the user. */
export type InteractionWhere = {
  guildId?: string;
  channelId?: string;
  /** A user id (a member of the guild in the stand-in, or not), or a user; DEFAULT_DISCORD_USER by default. */
  user?: string | { id: string; username?: string; globalName?: string | null };
  locale?: Locale;
};

/** A Discord user who is no member the test added: an interaction from them carries no roles. */
export const DEFAULT_DISCORD_USER = {
  id: '400000000000000001',
  username: 'rex.rustacean',
  globalName: 'Rex',
};

/** Option values by name; a registered command's option says its type, else the value's JS type does. */
export type OptionValues = Record<string, string | number | boolean>;

const RESPONSE_FLAGS =
  MessageFlags.Ephemeral |
  MessageFlags.SuppressEmbeds |
  MessageFlags.SuppressNotifications |
  MessageFlags.IsComponentsV2;

/** The answers each kind of interaction may get (Discord refuses the others). */
const ALLOWED: Record<InteractionType, InteractionResponseType[]> = {
  [InteractionType.Ping]: [InteractionResponseType.Pong],
  [InteractionType.ApplicationCommand]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.Modal,
  ],
  [InteractionType.MessageComponent]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
    InteractionResponseType.Modal,
  ],
  [InteractionType.ApplicationCommandAutocomplete]: [
    InteractionResponseType.ApplicationCommandAutocompleteResult,
  ],
  [InteractionType.ModalSubmit]: [
    InteractionResponseType.ChannelMessageWithSource,
    InteractionResponseType.DeferredChannelMessageWithSource,
    InteractionResponseType.DeferredMessageUpdate,
    InteractionResponseType.UpdateMessage,
  ],
};

/** An interaction's token, shaped as Discord's ("interaction:" in base64, then random). */
const interactionToken = (): string => `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`;

export const interactionBuilders = (state: DiscordState) => {
  const guildFor = (where: InteractionWhere): GuildState => {
    if (where.guildId) return state.guild(where.guildId);
    const first = [...state.guilds.values()].find((guild) => guild.botInGuild);
    if (!first)
      throw new Error('The Discord stand-in has no guild with the bot: issueInstallCode or addGuild first');
    return first;
  };

  const memberFor = (guild: GuildState, who: InteractionWhere['user']): APIInteractionGuildMember => {
    const asked = typeof who === 'string' ? { id: who } : (who ?? DEFAULT_DISCORD_USER);
    const known = guild.members.get(asked.id);
    const user: APIUser =
      known?.user ??
      userOf({
        id: asked.id,
        username:
          asked.username ??
          (asked.id === DEFAULT_DISCORD_USER.id
            ? DEFAULT_DISCORD_USER.username
            : `user${asked.id.slice(-4)}`),
        globalName: asked.globalName,
      });
    const member = known ?? memberOf(user, []);
    let permissions = BigInt(EVERYONE_PERMISSIONS);
    for (const roleId of member.roles) permissions |= BigInt(guild.roles.get(roleId)?.permissions ?? '0');
    if (guild.ownerId === user.id) permissions |= PermissionFlagsBits.Administrator;
    return { ...member, user, permissions: permissions.toString() };
  };

  /** What every guild interaction carries, with a fresh id and token. */
  const base = <T extends InteractionType>(type: T, where: InteractionWhere) => {
    const guild = guildFor(where);
    const channel = where.channelId ? guild.channels.get(where.channelId) : [...guild.channels.values()][0];
    if (!channel) throw new Error(`No channel ${where.channelId ?? ''} in guild ${guild.id}`);
    const botRoles = guild.members.get(state.botUser.id)?.roles ?? [];
    const appPermissions = botRoles.reduce(
      (all, id) => all | BigInt(guild.roles.get(id)?.permissions ?? '0'),
      BigInt(EVERYONE_PERMISSIONS),
    );
    return {
      id: snowflake(),
      application_id: state.applicationId,
      type,
      token: interactionToken(),
      version: 1 as const,
      guild: { id: guild.id, features: [], locale: Locale.EnglishUS },
      guild_id: guild.id,
      channel: { id: channel.id, type: channel.type, name: channel.name, guild_id: guild.id },
      channel_id: channel.id,
      member: memberFor(guild, where.user),
      app_permissions: appPermissions.toString(),
      locale: where.locale ?? Locale.EnglishUS,
      guild_locale: Locale.EnglishUS,
      entitlements: [],
      authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: guild.id },
      context: InteractionContextType.Guild,
      attachment_size_limit: 10_485_760,
    };
  };

  const registered = <T extends APIInteraction>(interaction: T): T => {
    state.register(interaction);
    return interaction;
  };

  const optionsOf = (
    guild: GuildState,
    name: string,
    values: OptionValues | APIApplicationCommandInteractionDataBasicOption[],
  ): APIApplicationCommandInteractionDataBasicOption[] => {
    if (Array.isArray(values)) return values;
    const command = [...guild.commands.values()].find((c) => c.name === name);
    return Object.entries(values).map(([option, value]) => {
      const declared = command?.options?.find((o) => o.name === option)?.type;
      const type =
        declared ??
        (typeof value === 'boolean'
          ? ApplicationCommandOptionType.Boolean
          : typeof value === 'number'
            ? Number.isInteger(value)
              ? ApplicationCommandOptionType.Integer
              : ApplicationCommandOptionType.Number
            : ApplicationCommandOptionType.String);
      return { name: option, type, value } as APIApplicationCommandInteractionDataBasicOption;
    });
  };

  const commandData = (guild: GuildState, name: string) => ({
    id: [...guild.commands.values()].find((c) => c.name === name)?.id ?? snowflake(),
    type: ApplicationCommandType.ChatInput as const,
    name,
    guild_id: guild.id,
  });

  return {
    /** PING: Discord's check of the endpoint when its URL is saved (answer PONG). */
    ping: (): APIPingInteraction =>
      registered({
        id: snowflake(),
        application_id: state.applicationId,
        type: InteractionType.Ping,
        token: interactionToken(),
        version: 1,
        app_permissions: '0',
        entitlements: [],
        authorizing_integration_owners: {},
        attachment_size_limit: 10_485_760,
      }),

    /** A slash command, e.g. command('players', { server: 'EU Main' }). */
    command: (
      name: string,
      options: OptionValues | APIApplicationCommandInteractionDataBasicOption[] = {},
      where: InteractionWhere = {},
    ): APIChatInputApplicationCommandGuildInteraction => {
      const common = base(InteractionType.ApplicationCommand, where);
      const guild = state.guild(common.guild_id);
      const data = { ...commandData(guild, name), options: optionsOf(guild, name, options) };
      return registered({ ...common, data });
    },

    /** Typing in an autocomplete option: `focused` is the option being typed, `options` the others. */
    autocomplete: (
      name: string,
      focused: { name: string; value: string },
      options: OptionValues = {},
      where: InteractionWhere = {},
    ): APIApplicationCommandAutocompleteGuildInteraction => {
      const common = base(InteractionType.ApplicationCommandAutocomplete, where);
      const guild = state.guild(common.guild_id);
      const typing = {
        name: focused.name,
        type: ApplicationCommandOptionType.String as const,
        value: focused.value,
        focused: true,
      };
      const data = { ...commandData(guild, name), options: [...optionsOf(guild, name, options), typing] };
      return registered({ ...common, data } as APIApplicationCommandAutocompleteGuildInteraction);
    },

    /** A press of the button (or a choice in the select) `customId` on `message`, in its channel. */
    component: (
      customId: string,
      message: APIMessage,
      where: Omit<InteractionWhere, 'channelId'> & { values?: string[] } = {},
    ): APIMessageComponentGuildInteraction => {
      const located = state.channelById(message.channel_id);
      const common = base(InteractionType.MessageComponent, {
        ...where,
        guildId: where.guildId ?? located?.guild.id,
        channelId: message.channel_id,
      });
      const data = where.values
        ? { custom_id: customId, component_type: ComponentType.StringSelect as const, values: where.values }
        : { custom_id: customId, component_type: ComponentType.Button as const };
      return registered({ ...common, message, data } as APIMessageComponentGuildInteraction);
    },

    /** A modal `customId` submitted with its text inputs' values by custom_id. */
    modalSubmit: (
      customId: string,
      fields: Record<string, string>,
      where: InteractionWhere & { message?: APIMessage } = {},
    ): APIModalSubmitGuildInteraction => {
      const common = base(InteractionType.ModalSubmit, where);
      const components = Object.entries(fields).map(([id, value]) => ({
        type: ComponentType.ActionRow as const,
        components: [{ type: ComponentType.TextInput as const, custom_id: id, value }],
      }));
      return registered({
        ...common,
        ...(where.message ? { message: where.message } : {}),
        data: { custom_id: customId, components },
      });
    },
  };
};

const metadataOf = (interaction: APIInteraction): APIMessageInteractionMetadata => {
  const user = interaction.member?.user ?? interaction.user!;
  const common = {
    id: interaction.id,
    user,
    authorizing_integration_owners: interaction.authorizing_integration_owners,
  };
  if (interaction.type === InteractionType.MessageComponent)
    return {
      ...common,
      type: InteractionType.MessageComponent,
      interacted_message_id: interaction.message.id,
    };
  return { ...common, type: InteractionType.ApplicationCommand };
};

/** A message the interaction's webhook posts (its original response or a follow-up). */
export const interactionMessage = (
  state: DiscordState,
  interaction: APIInteraction,
  body: MessageBody,
  flags: number,
): APIMessage =>
  messageOf(interaction.channel_id ?? interaction.channel?.id ?? '', state.botUser, body, {
    type:
      interaction.type === InteractionType.ApplicationCommand
        ? MessageType.ChatInputCommand
        : MessageType.Default,
    flags,
    webhook_id: state.applicationId,
    application_id: state.applicationId,
    interaction_metadata: metadataOf(interaction),
  });

/**
 * Does what Discord does with `response` to the interaction: refuses a second answer (40060) or
 * one this kind of interaction cannot get; shows a message (4), a loading one (5), or changes the
 * message a component is on (7). Null when taken.
 */
export const applyResponse = (
  state: DiscordState,
  held: InteractionState,
  response: APIInteractionResponse,
): DiscordAnswer | null => {
  const { interaction } = held;
  if (held.response)
    return { status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } };
  if (!ALLOWED[interaction.type].includes(response.type))
    return invalidFormBody(
      'type',
      'INTERACTION_RESPONSE_TYPE_INVALID',
      'Interaction response type is invalid for this interaction.',
    );
  const data = 'data' in response ? (response.data as MessageBody | undefined) : undefined;
  if (response.type === InteractionResponseType.ChannelMessageWithSource) {
    const problem = messageBodyProblem(data ?? {}, 'data.');
    if (problem) return problem;
    const message = interactionMessage(state, interaction, data ?? {}, (data?.flags ?? 0) & RESPONSE_FLAGS);
    state.messages.set(message.id, message);
    held.originalId = message.id;
  }
  if (response.type === InteractionResponseType.DeferredChannelMessageWithSource) {
    const ephemeral = (data?.flags ?? 0) & MessageFlags.Ephemeral;
    const message = interactionMessage(state, interaction, {}, MessageFlags.Loading | ephemeral);
    state.messages.set(message.id, message);
    held.originalId = message.id;
  }
  if (
    (response.type === InteractionResponseType.UpdateMessage ||
      response.type === InteractionResponseType.DeferredMessageUpdate) &&
    interaction.message
  ) {
    const current = state.messages.get(interaction.message.id) ?? interaction.message;
    if (response.type === InteractionResponseType.UpdateMessage) {
      const tooLong = contentTooLong(data ?? {}, 'data.');
      if (tooLong) return tooLong;
      state.messages.set(current.id, editedMessage(current, data ?? {}));
    }
    held.originalId = current.id;
  }
  held.response = response;
  return null;
};

/** Whether an HTTP answer's body is an interaction response (what `interact` records). */
export const isInteractionResponse = (body: unknown): body is APIInteractionResponse =>
  typeof body === 'object' && body !== null && typeof (body as { type?: unknown }).type === 'number';
