import type { AutomationTemplate } from '@outpost/contracts';

const say = (message: string, delaySeconds: number) =>
  ({ type: 'broadcast', message, delaySeconds, continueOnFailure: true }) as const;

/**
 * Where an automation can start from (GET .../automation-templates). Each is a whole, valid body:
 * the form fills itself from one and the admin changes what they want. The time zone is the
 * browser's, put in by the form; UTC here.
 */
export const AUTOMATION_TEMPLATES: readonly AutomationTemplate[] = [
  {
    id: 'restart-countdown',
    name: 'Restart countdown',
    description:
      'Warns the players 60, 45, 30, 15, 10, 5 and 1 minutes before a daily restart (an action waits at most 15 minutes after the one before it), then restarts the server.',
    automation: {
      name: 'Daily restart',
      enabled: true,
      serverIds: null,
      schedule: { cron: '0 4 * * *', timezone: 'UTC', onlyWhenOnline: true },
      actions: [
        say('The server restarts in 60 minutes', 0),
        say('The server restarts in 45 minutes', 900),
        say('The server restarts in 30 minutes', 900),
        say('The server restarts in 15 minutes', 900),
        say('The server restarts in 10 minutes', 300),
        say('The server restarts in 5 minutes', 300),
        say('The server restarts in 1 minute', 240),
        {
          type: 'console',
          command: 'restart 60 "Daily restart"',
          delaySeconds: 60,
          continueOnFailure: false,
        },
      ],
    },
  },
  {
    id: 'wipe-day',
    name: 'Wipe-day announcement',
    description: 'Reminds everyone every Thursday at 18:00 that the wipe comes at 20:00.',
    automation: {
      name: 'Wipe-day announcement',
      enabled: true,
      serverIds: null,
      schedule: { cron: '0 18 * * 4', timezone: 'UTC', onlyWhenOnline: true },
      actions: [say('Wipe tonight at 20:00! Thanks for playing on {server.name}.', 0)],
    },
  },
  {
    id: 'welcome',
    name: 'Welcome first-time players',
    description: 'Greets a player the first time they join any server of the network.',
    automation: {
      name: 'Welcome message',
      enabled: true,
      serverIds: null,
      trigger: { event: 'player.joined', firstTime: true },
      actions: [say('Welcome to {server.name}, {player.name}! Type !discord to join our community.', 5)],
    },
  },
  {
    id: 'kick-name',
    name: 'Kick on a name pattern',
    description: 'Kicks a player whose name matches a pattern (advertising, slurs) as they join.',
    automation: {
      name: 'Kick advertising names',
      enabled: true,
      serverIds: null,
      trigger: { event: 'player.joined', namePattern: '(https?://|\\.(com|net|gg)\\b)' },
      actions: [{ type: 'kick', reason: 'Please remove the advertising from your name' }],
    },
  },
  {
    id: 'warn-keyword',
    name: 'Warn on a chat keyword',
    description: 'Warns a player who writes a banned word in chat, once per player every 10 minutes.',
    automation: {
      name: 'Warn on bad language',
      enabled: true,
      serverIds: null,
      trigger: { event: 'chat.message', pattern: '\\b(cheater|hacker)s?\\b' },
      perPlayerCooldownSeconds: 600,
      actions: [{ type: 'warn', message: 'Please report suspected cheaters with F7 instead of in chat' }],
    },
  },
  {
    id: 'reports-to-discord',
    name: '3 F7 reports on one player in 10 minutes → alert channel',
    description:
      'Tells your staff (pick a Discord or e-mail alert channel) when one player is reported three times within ten minutes.',
    automation: {
      name: 'Repeated reports',
      enabled: true,
      serverIds: null,
      trigger: { event: 'report.received', count: 3, windowMinutes: 10 },
      perPlayerCooldownSeconds: 600,
      actions: [
        {
          type: 'alert',
          channelIds: [],
          message:
            '{player.name} ({player.steamId}) was reported {count} times in 10 minutes on {server.name}',
        },
      ],
    },
  },
];
