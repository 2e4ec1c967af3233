// The landing page's words in one place, so an operator can edit them without touching layout.
import type { Plan } from '@outpost/contracts';

export type FeatureItem = { id: string; title: string; summary: string; detail: string; plan: Plan };

export const FEATURES: readonly FeatureItem[] = [
  {
    id: 'players',
    title: 'Player management',
    summary: 'Search every player who joined your servers, with playtime, K/D and history.',
    detail:
      'The plugin on each server reports who connects, their Steam ID, IP and ping. Outpost keeps every player across your network, searchable by name, Steam ID or IP address, with sessions, playtime and kill statistics.',
    plan: 'free',
  },
  {
    id: 'moderation',
    title: 'Moderation with audit logs',
    summary: 'Kick, warn and ban from the browser; every action is logged with who did it.',
    detail:
      'Owners and admins send kick, warn and ban commands that the plugin carries out on the game server. Every change to a network (members, invites, servers, punishments) lands in an audit log with the actor and the time.',
    plan: 'free',
  },
  {
    id: 'analytics',
    title: 'Real-time analytics',
    summary: 'Players online, capacity and server health, live as the servers report in.',
    detail:
      'Servers report a heartbeat every few seconds: player counts, FPS, entities and memory. The network dashboard turns that into health, capacity usage and averages; a server that misses three heartbeats is marked offline.',
    plan: 'premium',
  },
  {
    id: 'chat-bot',
    title: 'Chat-bot integration with role linking',
    summary: 'Link your community chat roles to panel roles and post alerts to your channels.',
    detail:
      'Connect your community chat server so alerts (server offline, new member) reach your staff, and link chat roles to Outpost roles so staff get the right access automatically.',
    plan: 'premium',
  },
  {
    id: 'map',
    title: 'Live map viewer',
    summary: 'See where players are on the map, updated from the server plugin.',
    detail:
      'Player positions from the heartbeat are drawn on the server map (world size and seed come from the server), so you can check a report without joining the game.',
    plan: 'premium',
  },
  {
    id: 'automation',
    title: 'Server automation',
    summary: 'Scheduled messages, restarts and wipes, carried out by the plugin.',
    detail:
      'Queue console commands for your servers from the panel; the plugin picks them up with its next heartbeat and reports the result, so restarts and announcements run on time.',
    plan: 'premium',
  },
];
