import { can, type Role } from '@outpost/contracts';

/** What the viewer may do here: manage (alerts.manage: owner, admin), and whether the demo stops writes. */
export type AlertsAccess = { manage: boolean; readOnly: boolean };

export const alertsAccess = (role: Role, readOnly: boolean): AlertsAccess => ({
  manage: can(role, 'alerts.manage'),
  readOnly,
});
