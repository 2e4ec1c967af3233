import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type RESTPostAPIApplicationGuildCommandsJSONBody,
} from 'discord-api-types/v10';

const player = {
  type: ApplicationCommandOptionType.String,
  name: 'player',
  description: 'SteamID64 or name of a player of this network',
  required: true,
} as const;
const reason = {
  type: ApplicationCommandOptionType.String,
  name: 'reason',
  description: 'Why (shown to the player and in the audit log)',
  required: true,
  max_length: 500,
} as const;
const server = (required: boolean) =>
  ({
    type: ApplicationCommandOptionType.String,
    name: 'server',
    description: 'One of the network’s servers',
    required,
    autocomplete: true,
  }) as const;

/**
 * The slash commands registered in a linked guild (bulk overwrite at install). Who may use the staff
 * ones is the panel's roles' to say, checked when they are used, so Discord's own permission
 * settings are left open.
 */
export const DISCORD_COMMANDS: RESTPostAPIApplicationGuildCommandsJSONBody[] = [
  {
    type: ApplicationCommandType.ChatInput,
    name: 'status',
    description: 'Each server: online or not, players, map',
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: 'players',
    description: 'Who is on a server now',
    options: [server(true)],
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: 'player',
    description: 'Staff: a player’s profile, open reports and punishments',
    options: [{ ...player, name: 'query', description: 'SteamID64 or name' }],
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: 'link',
    description: 'Link your Discord to your Steam account on this network',
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: 'unlink',
    description: 'Remove the link of your Discord to your Steam account',
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: 'kick',
    description: 'Staff: kick a player from the server they are on',
    options: [player, reason],
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: 'warn',
    description: 'Staff: warn a player on the server they are on',
    options: [player, reason],
  },
  {
    type: ApplicationCommandType.ChatInput,
    name: 'ban',
    description: 'Staff: ban a player',
    options: [
      player,
      reason,
      {
        type: ApplicationCommandOptionType.String,
        name: 'duration',
        description: '30m, 12h, 7d, 2w, or permanent',
        required: true,
      },
      {
        type: ApplicationCommandOptionType.String,
        name: 'scope',
        description: 'The whole network, or only the server',
        required: true,
        choices: [
          { name: 'Every server of the network', value: 'network' },
          { name: 'One server', value: 'server' },
        ],
      },
      server(false),
    ],
  },
];
