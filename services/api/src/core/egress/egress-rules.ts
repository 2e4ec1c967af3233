import { BlockList, isIP } from 'node:net';

// Which addresses the panel may dial when a user typed them (an RCON host now; webhooks and
// Discord later). Link-local and cloud metadata addresses reach the machine the panel runs on or
// its cloud's instance credentials, never a game server: always refused. Loopback and private
// ranges are where a LAN or same-host game server lives: allowed unless OUTBOUND_ALLOW_PRIVATE
// is false (a panel open to sign-ups should not let strangers reach its own network).

export const EGRESS_RULE_NAMES = ['link-local', 'cloud-metadata', 'loopback', 'private'] as const;
export type EgressRuleName = (typeof EGRESS_RULE_NAMES)[number];

export type EgressRule = {
  name: EgressRuleName;
  /** The ranges, as the refusal names them. */
  ranges: readonly string[];
  /** Refused whatever OUTBOUND_ALLOW_PRIVATE says. */
  always: boolean;
};

/** In the order they are checked: the first rule an address falls under is the one named. */
export const EGRESS_RULES: readonly EgressRule[] = [
  { name: 'link-local', ranges: ['169.254.0.0/16', 'fe80::/10'], always: true },
  { name: 'cloud-metadata', ranges: ['fd00:ec2::254/128', '100.100.100.200/32'], always: true },
  { name: 'loopback', ranges: ['127.0.0.0/8', '::1/128', '0.0.0.0/8', '::/128'], always: false },
  {
    name: 'private',
    ranges: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7'],
    always: false,
  },
];

const blockListOf = (ranges: readonly string[]): BlockList => {
  const list = new BlockList();
  for (const range of ranges) {
    const [network, bits] = range.split('/');
    list.addSubnet(network, Number(bits), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
};

const LISTS = new Map(EGRESS_RULES.map((rule) => [rule, blockListOf(rule.ranges)]));

/**
 * The rule that refuses dialling `address` (an IP address; an IPv4-mapped IPv6 address counts as
 * its IPv4 address), or null when it may be dialled.
 */
export const egressRuleFor = (address: string, allowPrivate: boolean): EgressRule | null => {
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const [rule, list] of LISTS)
    if ((rule.always || !allowPrivate) && list.check(address, type)) return rule;
  return null;
};

/** Names that are loopback without asking DNS (RFC 6761). */
export const isLoopbackName = (host: string): boolean => /^(.+\.)?localhost\.?$/i.test(host);
