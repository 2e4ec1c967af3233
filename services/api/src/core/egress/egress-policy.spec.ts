import type { LookupAddress } from 'node:dns';
import type { AppConfig } from '../config';
import { EgressPolicy, HostResolver, type ResolvedAddress } from './egress-policy';
import { egressRuleFor } from './egress-rules';

const policy = (allowPrivate: boolean, names: Record<string, ResolvedAddress[]> = {}) => {
  const resolver = new HostResolver();
  jest.spyOn(resolver, 'resolve').mockImplementation(async (host) => {
    const found = names[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  });
  return new EgressPolicy({ outboundAllowPrivate: allowPrivate } as AppConfig, resolver);
};

/** What a connection would be handed by the policy's lookup: the addresses, or the refusal. */
const lookUp = (egress: EgressPolicy, host: string, all = true) =>
  new Promise<string[] | string>((resolve) => {
    egress.lookup((reason) => new Error(reason))(host, { all }, (error, address) => {
      if (error) return resolve(error.message);
      resolve(Array.isArray(address) ? address.map((a: LookupAddress) => a.address) : [address]);
    });
  });

describe('egress rules', () => {
  it.each([
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['fd00:ec2::254', 'cloud-metadata'],
    ['100.100.100.200', 'cloud-metadata'],
  ])('always refuses %s (%s), even where private addresses are allowed', (address, rule) => {
    expect(egressRuleFor(address, true)?.name).toBe(rule);
    expect(egressRuleFor(address, false)?.name).toBe(rule);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.3.4', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.9', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:10.0.0.5', 'private'],
  ])('allows %s (%s) unless private addresses are refused', (address, rule) => {
    expect(egressRuleFor(address, true)).toBeNull();
    expect(egressRuleFor(address, false)?.name).toBe(rule);
  });

  it.each(['203.0.113.7', '8.8.8.8', '2001:db8::7', '172.32.0.1', '169.255.0.1'])(
    'allows the public address %s',
    (address) => expect(egressRuleFor(address, false)).toBeNull(),
  );
});

describe('EgressPolicy', () => {
  it('refuses an address as typed with a 400 naming the rule and its ranges, on the host field', () => {
    const error = (() => {
      try {
        policy(true).check('169.254.169.254');
      } catch (caught) {
        return caught as { code: string; message: string; details: unknown };
      }
      return null;
    })();
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        '169.254.169.254 is refused by the link-local rule (169.254.0.0/16, fe80::/10): link-local addresses are never dialled',
      details: [{ field: 'host', message: expect.stringContaining('link-local rule') }],
    });
  });

  it('takes a bracketed IPv6 address and localhost names as what they are; other names only once resolved', () => {
    const strict = policy(false);
    expect(strict.ruleFor('[fe80::1]')?.name).toBe('link-local');
    expect(strict.ruleFor('localhost')?.name).toBe('loopback');
    expect(strict.ruleFor('game.localhost')?.name).toBe('loopback');
    expect(strict.ruleFor('rust.example.com')).toBeNull();
    expect(policy(true).ruleFor('localhost')).toBeNull();
  });

  it('refuses at connect time a name that resolves to a refused address, naming the rule and the address', async () => {
    const egress = policy(true, {
      'metadata.example.test': [{ address: '169.254.169.254', family: 4 }],
      'mixed.example.test': [
        { address: 'fd00:ec2::254', family: 6 },
        { address: '203.0.113.7', family: 4 },
      ],
      'lan.example.test': [{ address: '10.0.0.5', family: 4 }],
    });
    expect(await lookUp(egress, 'metadata.example.test')).toBe(
      'metadata.example.test (169.254.169.254) is refused by the link-local rule (169.254.0.0/16, fe80::/10): link-local addresses are never dialled',
    );
    expect(await lookUp(egress, 'metadata.example.test', false)).toMatch(/link-local rule/);
    // Only the allowed addresses are handed on, so a refused one is never dialled.
    expect(await lookUp(egress, 'mixed.example.test')).toEqual(['203.0.113.7']);
    expect(await lookUp(egress, 'mixed.example.test', false)).toEqual(['203.0.113.7']);
    expect(await lookUp(egress, 'lan.example.test')).toEqual(['10.0.0.5']);
    expect(await lookUp(egress, 'nowhere.example.test')).toMatch(/ENOTFOUND/);
  });

  it('refuses private and loopback resolutions when OUTBOUND_ALLOW_PRIVATE is false', async () => {
    const egress = policy(false, { 'lan.example.test': [{ address: '10.0.0.5', family: 4 }] });
    expect(await lookUp(egress, 'lan.example.test')).toBe(
      'lan.example.test (10.0.0.5) is refused by the private rule (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10, fc00::/7): this panel does not dial private addresses (OUTBOUND_ALLOW_PRIVATE=false)',
    );
  });
});
