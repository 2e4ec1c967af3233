import { DASHBOARD_INVITE, type CreateInviteRequest, type InviteRole } from '@outpost/contracts';
import { createInviteSchema, messagesByField, requestErrors } from '@outpost/validation';

/** How long a new code works: the dashboard's 24 hours first, then longer and shorter. */
export const INVITE_EXPIRY_CHOICES = [
  { value: '1', label: '1 hour' },
  { value: '24', label: '24 hours' },
  { value: '168', label: '7 days' },
  { value: '720', label: '30 days' },
] as const;
export type InviteExpiryChoice = (typeof INVITE_EXPIRY_CHOICES)[number]['value'];

/** The New code form as typed: the uses stay text until sent, so "" or "abc" can be named. */
export type InviteOptions = { role: InviteRole; uses: string; expiry: InviteExpiryChoice };

export const DEFAULT_INVITE_OPTIONS: InviteOptions = {
  role: 'member',
  uses: String(DASHBOARD_INVITE.maxUses),
  expiry: String(DASHBOARD_INVITE.expiresInHours) as InviteExpiryChoice,
};

/** The create call's body for these options; a use count that is not a number goes as NaN. */
export const inviteRequest = (networkId: string, options: InviteOptions): CreateInviteRequest => ({
  networkId,
  role: options.role,
  maxUses: /^\s*\d+\s*$/.test(options.uses) ? Number(options.uses) : Number.NaN,
  expiresInHours: Number(options.expiry),
  metadata: { createdFrom: 'network-dashboard' },
});

/** The API's own messages for the body, per field, before it is sent. */
export const inviteOptionErrors = (body: CreateInviteRequest): Partial<Record<string, string>> =>
  messagesByField(requestErrors(createInviteSchema, body), 1);
