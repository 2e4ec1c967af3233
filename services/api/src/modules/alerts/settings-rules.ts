import type { AlertRule } from '@outpost/contracts';
import type { Network } from '../tenancy';

/** The kinds the network settings' two toggles stand for. */
export const SETTINGS_RULE_KINDS = ['server_offline', 'member_joins'] as const;
export type SettingsRuleKind = (typeof SETTINGS_RULE_KINDS)[number];

/**
 * A settings rule's id: the network's and the kind, so it is stable and unique across networks
 * (the toggles stay in the networks table, which tenancy owns; these rules only show them).
 */
export const settingsRuleId = (networkId: string, kind: SettingsRuleKind): string => `${networkId}:${kind}`;

export const settingsKindOf = (networkId: string, ruleId: string): SettingsRuleKind | null =>
  SETTINGS_RULE_KINDS.find((kind) => settingsRuleId(networkId, kind) === ruleId) ?? null;

const enabledOf = (network: Network, kind: SettingsRuleKind): boolean =>
  kind === 'server_offline' ? network.notifyServerOffline : network.notifyNewMembers;

/** The two toggles as rules: network-wide, on or off as the settings say. */
export const settingsRulesOf = (network: Network): AlertRule[] =>
  SETTINGS_RULE_KINDS.map((kind) => ({
    id: settingsRuleId(network.id, kind),
    networkId: network.id,
    serverId: null,
    kind,
    threshold: null,
    minutes: null,
    steamIds: [],
    channelIds: null,
    enabled: enabledOf(network, kind),
    fromSettings: true,
    createdAt: network.createdAt.toISOString(),
  }));
