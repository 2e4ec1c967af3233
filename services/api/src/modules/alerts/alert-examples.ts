import type { Alert, AlertChannel, AlertDelivery, AlertRule } from '@outpost/contracts';

// Examples for the OpenAPI document.

const NETWORK_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const SERVER_ID = '3c9a1f2e-5b6d-4e7f-8a9b-1c2d3e4f5a6b';

export const RULE_EXAMPLE: AlertRule = {
  id: '5e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b',
  networkId: NETWORK_ID,
  serverId: SERVER_ID,
  kind: 'players_below',
  threshold: 5,
  minutes: 30,
  steamIds: [],
  channelIds: ['7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e'],
  enabled: true,
  fromSettings: false,
  createdAt: '2026-11-28T10:00:00.000Z',
};

export const SETTINGS_RULE_EXAMPLE: AlertRule = {
  ...RULE_EXAMPLE,
  id: `${NETWORK_ID}:server_offline`,
  serverId: null,
  kind: 'server_offline',
  threshold: null,
  minutes: null,
  channelIds: null,
  fromSettings: true,
};

export const CHANNEL_EXAMPLE: AlertChannel = {
  id: '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2f1e',
  networkId: NETWORK_ID,
  type: 'webhook',
  name: 'Ops webhook',
  emails: [],
  url: 'https://hooks.example.com/outpost',
  enabled: true,
  createdAt: '2026-11-28T10:00:00.000Z',
};

export const DELIVERY_EXAMPLE: AlertDelivery = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  channelId: CHANNEL_EXAMPLE.id,
  channelType: 'webhook',
  channelName: CHANNEL_EXAMPLE.name,
  event: 'fired',
  status: 'retrying',
  attempts: 1,
  lastError: 'HTTP 500',
  nextAttemptAt: '2026-11-28T10:00:35.000Z',
  deliveredAt: null,
};

export const ALERT_EXAMPLE: Alert = {
  id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  networkId: NETWORK_ID,
  networkName: 'Rust Legends',
  serverId: SERVER_ID,
  serverName: 'EU Main',
  ruleId: SETTINGS_RULE_EXAMPLE.id,
  kind: 'server_offline',
  title: 'EU Main is offline',
  state: 'firing',
  firedAt: '2026-11-28T10:00:30.000Z',
  resolvedAt: null,
  flaps: 0,
  deliveries: [DELIVERY_EXAMPLE],
};
