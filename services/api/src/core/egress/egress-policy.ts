import { Injectable } from '@nestjs/common';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { InjectConfig, type AppConfig } from '../config';
import { egressErrors, egressRefusalText } from './egress.errors';
import { egressRuleFor, isLoopbackName, type EgressRule } from './egress-rules';

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Turns a host name into its addresses; the system's resolver (getaddrinfo) unless replaced in tests. */
@Injectable()
export class HostResolver {
  async resolve(host: string): Promise<ResolvedAddress[]> {
    const found = await dnsLookup(host, { all: true, verbatim: true });
    return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  }
}

/**
 * The one egress policy (egress-rules.ts) for every connection the panel opens to an address a
 * user typed. `check` refuses an address as typed (an IP or a localhost name) when it is saved;
 * `lookup` is the resolver a connection dials through, so the rule also holds for the address a
 * name resolves to at connect time (and for what it resolves to later).
 */
@Injectable()
export class EgressPolicy {
  private readonly allowPrivate: boolean;

  constructor(
    @InjectConfig() config: AppConfig,
    private readonly resolver: HostResolver,
  ) {
    this.allowPrivate = config.outboundAllowPrivate;
  }

  /** The rule `host` (as typed) falls under, or null: a name is only known once resolved. */
  ruleFor(host: string): EgressRule | null {
    const address = host.replace(/^\[(.*)\]$/, '$1');
    if (isIP(address)) return egressRuleFor(address, this.allowPrivate);
    return isLoopbackName(address) ? egressRuleFor('127.0.0.1', this.allowPrivate) : null;
  }

  /** Throws the 400 naming the rule when `host`, as typed, may not be dialled. */
  check(host: string): void {
    const rule = this.ruleFor(host);
    if (rule) throw egressErrors.addressRefused({ host, rule });
  }

  /**
   * A `lookup` for net.connect (and so for http, ws): resolves through the HostResolver and hands
   * on only the addresses the policy allows; when none is left, fails with `refuse(reason)`.
   */
  lookup(refuse: (reason: string) => Error): LookupFunction {
    return (hostname, options, callback) => {
      this.allowedAddresses(hostname).then(
        (found) => {
          if ('refusal' in found) return callback(refuse(found.refusal), '', 4);
          if (options.all) return callback(null, found.addresses);
          const wanted = options.family === 6 || options.family === 4 ? options.family : undefined;
          const first = found.addresses.find((a) => !wanted || a.family === wanted) ?? found.addresses[0];
          callback(null, first.address, first.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 4),
      );
    };
  }

  private async allowedAddresses(
    hostname: string,
  ): Promise<{ addresses: ResolvedAddress[] } | { refusal: string }> {
    const literal = isIP(hostname);
    const resolved: ResolvedAddress[] = literal
      ? [{ address: hostname, family: literal === 6 ? 6 : 4 }]
      : await this.resolver.resolve(hostname);
    const allowed = resolved.filter((a) => !egressRuleFor(a.address, this.allowPrivate));
    if (allowed.length) return { addresses: allowed };
    // None allowed: every address is refused; the first one names the rule.
    const [refused] = resolved;
    if (!refused) return { refusal: `${hostname} has no address` };
    const rule = egressRuleFor(refused.address, this.allowPrivate)!;
    const host = literal ? hostname : `${hostname} (${refused.address})`;
    return { refusal: egressRefusalText({ host, rule }) };
  }
}
