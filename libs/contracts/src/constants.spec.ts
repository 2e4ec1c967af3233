import {
  DASHBOARD_INVITE,
  DEFAULT_GRADIENT,
  DEFAULT_INVITE,
  DEFAULT_MAX_PLAYERS,
  DEFAULT_NETWORK_DESCRIPTION,
  DEFAULT_PLAYER_SORT,
  DEFAULT_REASONS,
  GRADIENT_DIRECTIONS,
  LIMITS,
  PLAYERS_PAGE_SIZE,
  PRESET_GRADIENTS,
  PRICING,
  STATUS_GRADIENTS,
  statusGradient,
} from './index';

describe('business constants (spec section 9)', () => {
  it('pages players by 20, newest seen first', () => {
    expect(PLAYERS_PAGE_SIZE).toBe(20);
    expect(DEFAULT_PLAYER_SORT).toEqual({ sortBy: 'lastSeen', sortOrder: 'desc' });
  });

  it('defaults invites to 50 uses over 168 hours, and the dashboard invite to 1 use over 24 hours', () => {
    expect(DEFAULT_INVITE).toEqual({ maxUses: 50, expiresInHours: 168 });
    expect(DASHBOARD_INVITE).toEqual({ maxUses: 1, expiresInHours: 24 });
  });

  it('describes a new network and paints it #3b82f6 to #1d4ed8 at 135deg', () => {
    expect(DEFAULT_NETWORK_DESCRIPTION).toBe('New network ready for your servers');
    expect(DEFAULT_GRADIENT).toEqual({ from: '#3b82f6', to: '#1d4ed8', direction: '135deg' });
  });

  it('offers eight distinct valid preset gradients, the default first', () => {
    expect(PRESET_GRADIENTS).toHaveLength(8);
    expect(PRESET_GRADIENTS[0]).toEqual(DEFAULT_GRADIENT);
    expect(new Set(PRESET_GRADIENTS.map((g) => `${g.from}${g.to}`)).size).toBe(8);
    for (const gradient of PRESET_GRADIENTS) {
      expect(gradient.from).toMatch(/^#[0-9a-f]{6}$/);
      expect(gradient.to).toMatch(/^#[0-9a-f]{6}$/);
      expect(GRADIENT_DIRECTIONS).toContain(gradient.direction);
    }
  });

  it('gives a server 8 max players and the spec default reasons', () => {
    expect(DEFAULT_MAX_PLAYERS).toBe(8);
    expect(DEFAULT_REASONS).toEqual({
      kick: 'Kicked by administrator',
      warn: 'Warning issued by administrator',
      ban: 'Banned by administrator',
    });
  });

  it('limits lengths: server name 50, network name 100, description 500, address 255', () => {
    expect(LIMITS).toEqual({ serverName: 50, networkName: 100, description: 500, address: 255 });
  });

  it('colours each server status, and an unknown one default blue', () => {
    expect(statusGradient('online')).toBe(STATUS_GRADIENTS.online);
    expect(statusGradient('offline')).toBe(STATUS_GRADIENTS.offline);
    expect(statusGradient('starting')).toBe(STATUS_GRADIENTS.starting);
    expect(statusGradient('restarting')).toEqual(DEFAULT_GRADIENT);
    expect(statusGradient('toString')).toEqual(DEFAULT_GRADIENT);
    expect(statusGradient(undefined)).toEqual(DEFAULT_GRADIENT);
    expect(new Set(Object.values(STATUS_GRADIENTS).map((g) => g.from)).size).toBe(3);
  });

  it('prices Free at 0 and Premium, the most popular, at 9.99 (spec section 1), saying what is real', () => {
    const [free, premium] = PRICING;
    expect(free).toMatchObject({ plan: 'free', name: 'Free', priceLine: '$0 per month', mostPopular: false });
    expect(free.features.filter((f) => f.included).map((f) => f.text)).toEqual([
      'Unlimited server slots',
      'Basic server controls',
      'Community support',
    ]);
    expect(free.features.filter((f) => !f.included).map((f) => f.text)).toEqual([
      'Advanced analytics',
      'Explainable suspicious-activity score',
    ]);
    expect(premium).toMatchObject({
      plan: 'premium',
      name: 'Premium',
      priceLine: '$9.99 per month',
      mostPopular: true,
    });
    expect(premium.features).toEqual(
      [
        '24/7 support',
        'Live map viewer',
        'Explainable suspicious-activity score',
        'Real-time analytics and reporting',
        'Server automation',
      ].map((text) => ({ text, included: true })),
    );
  });

  it('sells no AI: the score is explainable (issue 28 supersedes the spec here)', () => {
    expect(JSON.stringify(PRICING)).not.toMatch(/\bAI\b|anti-cheat/i);
  });
});
