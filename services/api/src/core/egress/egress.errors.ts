import { errorsOf, type ErrorTable } from '../http';
import type { EgressRule } from './egress-rules';

/** What an address refusal names: the address as typed and the rule it falls under. */
export type EgressRefusal = { host: string; rule: EgressRule };

const WHY: Record<EgressRule['name'], string> = {
  'link-local': 'link-local addresses are never dialled',
  'cloud-metadata': 'cloud metadata addresses are never dialled',
  loopback: 'this panel does not dial loopback addresses (OUTBOUND_ALLOW_PRIVATE=false)',
  private: 'this panel does not dial private addresses (OUTBOUND_ALLOW_PRIVATE=false)',
};

/** The sentence a refusal says, in an answer (400) or in a connection's last error. */
export const egressRefusalText = ({ host, rule }: EgressRefusal): string =>
  `${host} is refused by the ${rule.name} rule (${rule.ranges.join(', ')}): ${WHY[rule.name]}`;

export const EGRESS_ERRORS = {
  /** An address a user typed that the egress policy refuses (checked before anything is stored). */
  addressRefused: { code: 'VALIDATION_FAILED', field: 'host', message: egressRefusalText },
} as const satisfies ErrorTable;

export type EgressErrorCode = keyof typeof EGRESS_ERRORS;
export const egressErrors = errorsOf(EGRESS_ERRORS);
