// Examples for the OpenAPI document of the members routes.
import type { Member } from '@outpost/contracts';

export const MEMBER_EXAMPLE: Member = {
  id: '5e0c2d9a-43a8-4d4e-9b1c-7d1f0f3e8a21',
  userId: 'u_8f2k1m',
  userEmail: 'ada@example.com',
  userName: 'Ada',
  role: 'admin',
  joinedAt: '2026-11-23T11:05:00.000Z',
  lastActiveAt: '2026-11-27T18:40:00.000Z',
  invitedBy: { userId: 'u_1a9c3e', name: 'Olivia' },
};
