import { Injectable } from '@nestjs/common';
import { httpUrl } from '@outpost/validation';
import { InjectConfig, type AppConfig } from '../../core/config';
import { egressRefusalText, egressRuleFor, EgressPolicy, HostResolver } from '../../core/egress';
import { alertErrors } from './alerts.errors';

/** How long saving a channel waits for its URL's name to resolve before it lets the sender judge. */
const RESOLVE_WAIT_MS = 3_000;

/**
 * A channel's URL under the egress policy when it is saved: an address as typed (an IP, a
 * localhost name) by the rules, a name by what it resolves to now. A name that does not resolve
 * yet is saved; the sender dials through the policy's lookup, so the rule holds at send time too.
 */
@Injectable()
export class ChannelUrlCheck {
  private readonly allowPrivate: boolean;

  constructor(
    @InjectConfig() config: AppConfig,
    private readonly egress: EgressPolicy,
    private readonly resolver: HostResolver,
  ) {
    this.allowPrivate = config.outboundAllowPrivate;
  }

  /** Throws the 400 naming the rule (field url) when the URL may not be dialled. */
  async check(url: string): Promise<void> {
    const parsed = httpUrl(url);
    if (!parsed) throw alertErrors.urlRequired();
    const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    const rule = this.egress.ruleFor(host);
    if (rule) throw alertErrors.urlRefused(egressRefusalText({ host, rule }));
    const addresses = await Promise.race([
      this.resolver.resolve(host).catch(() => []),
      new Promise<[]>((resolve) => setTimeout(() => resolve([]), RESOLVE_WAIT_MS).unref()),
    ]);
    for (const { address } of addresses) {
      const refused = egressRuleFor(address, this.allowPrivate);
      if (refused)
        throw alertErrors.urlRefused(egressRefusalText({ host: `${host} (${address})`, rule: refused }));
    }
  }
}
