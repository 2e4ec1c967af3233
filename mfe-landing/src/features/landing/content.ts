// The landing page's words in one place, so an operator can edit them without touching layout.
import type { Plan } from '@outpost/contracts';

/** Whether the panel does it today, or it is on the way (said plainly on the landing and features pages). */
export type FeatureStatus = 'available' | 'planned';

export type FeatureItem = {
  id: string;
  title: string;
  summary: string;
  detail: string;
  plan: Plan;
  status: FeatureStatus;
};

export const FEATURES: readonly FeatureItem[] = [
  {
    id: 'players',
    title: 'Player management',
    summary: 'Search every player who joined your servers, with playtime, K/D and history.',
    detail:
      'Each server reports who connects, their Steam ID, IP and ping, through its WebRCON (the panel connects to it, or the Outpost bridge runs beside it); no mod is needed. Outpost keeps every player across your network, searchable by name, Steam ID or IP address (owners, admins and moderators), with sessions, playtime, kill statistics, chat and punishments on each profile.',
    plan: 'free',
    status: 'available',
  },
  {
    id: 'moderation',
    title: 'Moderation with audit logs',
    summary: 'Kick, warn and ban from the browser; every action is logged with who did it.',
    detail:
      'Owners, admins and moderators send kick, warn and ban commands that the game server carries out over WebRCON; a ban holds on every server of the network, and a ban-check URL lets Rust refuse a banned player even while the panel cannot reach it. Every change to a network (members, invites, servers, punishments) lands in an audit log with the actor and the time.',
    plan: 'free',
    status: 'available',
  },
  {
    id: 'analytics',
    title: 'Real-time analytics',
    summary: 'Players online, capacity and server health, live as the servers report in, and over time.',
    detail:
      'Servers report a heartbeat every few seconds. The network dashboard turns it into players online, capacity usage, average and peak players, uptime and online and offline servers; a server that misses three heartbeats is marked offline. Each server’s players, queue, FPS, entities and memory are kept as history with its outages: the last hour and 24 hours on every plan, 7 and 30 days and the CSV export with Premium.',
    plan: 'free',
    status: 'available',
  },
  {
    id: 'chat-bot',
    title: 'Chat-bot integration with role linking',
    summary: 'Link your community chat roles to panel roles and post alerts to your channels.',
    detail:
      'Planned: connect your community chat server so alerts (server offline, new member) reach your staff, and link chat roles to Outpost roles so staff get the right access. Today you can sign in with your chat account and link your community invite on the landing page.',
    plan: 'premium',
    status: 'planned',
  },
  {
    id: 'map',
    title: 'Live map viewer',
    summary: 'See where players are on the Rust grid, moving live as the servers report.',
    detail:
      'Players drawn as dots from the positions the server reports, on the Rust grid (references such as G12), with zoom and pan, a hover for name and grid, a trail of the last 15 minutes and follow. The grid is drawn on a plain background; owners and admins may upload the wipe’s map image to lie under it.',
    plan: 'premium',
    status: 'available',
  },
  {
    id: 'suspicious',
    title: 'Explainable suspicious-activity score',
    summary: 'A score per player that shows every factor, its evidence and its weight: never a black box.',
    detail:
      'F7 reports against a player (how many, from how many people), kill/death and headshot rates far above the server’s population, AntiHack violations the server printed, an IP shared with a banned account, several names in a short time, a new player with an outlier kill rate: each factor is shown with its evidence and weight, which every network can tune. Staff dismiss with a note, flag, or punish from the list. It points staff at players to look at; it does not ban anyone by itself.',
    plan: 'premium',
    status: 'available',
  },
  {
    id: 'automation',
    title: 'Server automation',
    summary: 'Scheduled messages, restarts and wipes, carried out over WebRCON.',
    detail:
      'Planned: schedules for messages, restarts and wipes, sent to the game server like the moderation commands it already carries out and reports back on.',
    plan: 'premium',
    status: 'planned',
  },
];
