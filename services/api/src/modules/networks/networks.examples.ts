// Examples for the OpenAPI document of the networks and invites routes.
import type { Network } from '@outpost/contracts';

export const NETWORK_EXAMPLE: Network = {
  id: '0b6f3c1e-7f0a-4c55-9a57-3f3c9d1f2a10',
  name: 'Rust Legends',
  description: 'New network ready for your servers',
  gradient: { from: '#3b82f6', to: '#1d4ed8', direction: '135deg' },
  role: 'owner',
  serverCount: 2,
  memberCount: 5,
  createdAt: '2026-11-23T11:00:00.000Z',
  notifications: { serverOffline: true, newMembers: false },
  plan: 'free',
};
