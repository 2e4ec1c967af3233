import type { Invite } from '@outpost/contracts';

/** Spec section 4: active, not expired, and uses left. */
export const isInviteActive = (invite: Invite, now: Date = new Date()): boolean =>
  invite.isActive &&
  new Date(invite.expiresAt).getTime() > now.getTime() &&
  invite.currentUses < invite.maxUses;

/** The first active invite of the list (the API sends newest first). */
export const firstActiveInvite = (invites: readonly Invite[] | undefined, now?: Date): Invite | null =>
  invites?.find((invite) => isInviteActive(invite, now)) ?? null;
