import type { AlertRule } from '@outpost/contracts';

// The one line a person reads for each kind of alert (the bell, the history, every message).

export const offlineTitle = (server: string) => `${server} is offline`;
export const onlineTitle = (server: string) => `${server} is back online`;

export const thresholdTitle = (rule: Pick<AlertRule, 'kind' | 'threshold' | 'minutes'>, server: string) => {
  const minutes = `${rule.minutes} minute${rule.minutes === 1 ? '' : 's'}`;
  switch (rule.kind) {
    case 'players_above':
      return `${server} has had more than ${rule.threshold} players for ${minutes}`;
    case 'players_below':
      return `${server} has had fewer than ${rule.threshold} players for ${minutes}`;
    default:
      return `${server} has run below ${rule.threshold} FPS for ${minutes}`;
  }
};

export const playerJoinedTitle = (player: string, steamId: string, server: string) =>
  `Watched player ${player} (${steamId}) joined ${server}`;

export const memberJoinedTitle = (member: string, network: string) => `${member} joined ${network}`;

export const reportTitle = (server: string, target: string | null, reporter: string | null) =>
  `New F7 report on ${server}${target ? ` about ${target}` : ''}${reporter ? ` from ${reporter}` : ''}`;
