import {
  ALERT_CHANNEL_MESSAGES,
  ALERT_RULE_MESSAGES,
  alertChannelErrors,
  alertRuleErrors,
  isDiscordWebhookUrl,
  MAP_IMAGE_MESSAGES,
  mapImageSizeError,
  messagesByField,
  numberInput,
  requestErrors,
  SUSPICIOUS_MESSAGES,
  suspiciousSettingsSchema,
} from './index';
import { DEFAULT_SUSPICIOUS_SETTINGS, MAP_IMAGE_MAX_BYTES } from '@outpost/contracts';

describe('numberInput', () => {
  it('reads a typed number, keeps words as typed and an empty field as null', () => {
    expect(numberInput(' 42 ')).toBe(42);
    expect(numberInput('2.5')).toBe(2.5);
    expect(numberInput('lots')).toBe('lots');
    expect(numberInput('   ')).toBeNull();
  });
});

describe('messagesByField', () => {
  it('keeps each field’s first message, cut to the depth a form shows it at', () => {
    const details = [
      { field: 'steamIds.1', message: 'first' },
      { field: 'steamIds', message: 'second' },
      { field: 'weights.kd', message: 'kd' },
    ];
    expect(messagesByField(details, 1)).toEqual({ steamIds: 'first', weights: 'kd' });
    expect(messagesByField(details)).toEqual({
      'steamIds.1': 'first',
      steamIds: 'second',
      'weights.kd': 'kd',
    });
  });
});

describe('alertRuleErrors', () => {
  it('answers the schema’s messages first, then what the kind asks for', () => {
    expect(alertRuleErrors({ kind: 'fps_below', threshold: 'lots', minutes: 0 })).toEqual([
      { field: 'threshold', message: ALERT_RULE_MESSAGES.threshold },
      { field: 'minutes', message: ALERT_RULE_MESSAGES.minutes },
    ]);
    expect(alertRuleErrors({ kind: 'fps_below', threshold: null, minutes: 5 })).toEqual([
      { field: 'threshold', message: ALERT_RULE_MESSAGES.thresholdRequired },
    ]);
    expect(alertRuleErrors({ kind: 'member_joins', serverId: 'abc' })).toEqual([
      { field: 'serverId', message: ALERT_RULE_MESSAGES.networkWide },
    ]);
    expect(alertRuleErrors({ kind: 'player_joins', steamIds: [] })).toEqual([
      { field: 'steamIds', message: ALERT_RULE_MESSAGES.steamIdsRequired },
    ]);
    expect(alertRuleErrors({ kind: 'players_above', serverId: null, threshold: 80, minutes: 10 })).toEqual(
      [],
    );
  });
});

describe('alertChannelErrors', () => {
  it('asks a webhook for its URL, and takes e-mail without one', () => {
    expect(alertChannelErrors({ type: 'webhook', name: 'Hook' })).toEqual([
      { field: 'url', message: ALERT_CHANNEL_MESSAGES.urlRequired },
    ]);
    expect(alertChannelErrors({ type: 'discord', name: '', url: 'ftp://example.com' })).toEqual([
      { field: 'name', message: ALERT_CHANNEL_MESSAGES.nameRequired },
      { field: 'url', message: ALERT_CHANNEL_MESSAGES.url },
    ]);
    expect(alertChannelErrors({ type: 'email', name: 'Staff', emails: [] })).toEqual([]);
  });

  it.each([
    'https://discord.com/api/webhooks/123456789012345678/abc-DEF_1',
    'https://ptb.discord.com/api/webhooks/1/t',
    'https://canary.discord.com/api/webhooks/1/t',
    'https://discordapp.com/api/webhooks/1/t',
    'https://ptb.discordapp.com/api/webhooks/1/t',
    'https://canary.discordapp.com/api/webhooks/1/t',
  ])('takes the Discord webhook %s', (url) => {
    expect(alertChannelErrors({ type: 'discord', name: 'Staff', url })).toEqual([]);
  });

  it.each([
    'http://discord.com/api/webhooks/1/t',
    'https://discord.com:8443/api/webhooks/1/t',
    'https://evil.discord.com/api/webhooks/1/t',
    'https://discord.com.example.net/api/webhooks/1/t',
    'https://user:pass@discord.com/api/webhooks/1/t',
    'https://discord.com/api/webhooks/',
    'https://discord.com/webhooks/1/t',
    'https://hooks.example.com/api/webhooks/1/t',
    'http://127.0.0.1:9000/api/webhooks/1/t',
  ])('refuses %s for a Discord channel, as the API does', (url) => {
    expect(alertChannelErrors({ type: 'discord', name: 'Staff', url })).toEqual([
      { field: 'url', message: ALERT_CHANNEL_MESSAGES.discordUrl },
    ]);
    // A generic webhook may go anywhere the egress policy allows.
    expect(alertChannelErrors({ type: 'webhook', name: 'Staff', url })).toEqual([]);
  });

  it("takes a webhook on the operator's DISCORD_API_URL origin (the API's stand-in), and only there", () => {
    const standIn = 'http://127.0.0.1:9000';
    expect(isDiscordWebhookUrl(`${standIn}/api/webhooks/1/t`, standIn)).toBe(true);
    expect(isDiscordWebhookUrl(`${standIn}/hook`, standIn)).toBe(false);
    expect(isDiscordWebhookUrl('http://127.0.0.1:9001/api/webhooks/1/t', standIn)).toBe(false);
    expect(isDiscordWebhookUrl('https://discord.com/api/webhooks/1/t', standIn)).toBe(true);
  });
});

describe('suspicious settings', () => {
  it('names the field in its message, an empty one included', () => {
    const body = {
      ...DEFAULT_SUSPICIOUS_SETTINGS,
      weights: { ...DEFAULT_SUSPICIOUS_SETTINGS.weights, reports: null },
    };
    expect(requestErrors(suspiciousSettingsSchema, body)).toEqual([
      { field: 'weights.reports', message: SUSPICIOUS_MESSAGES.weight('reports') },
    ]);
    expect(SUSPICIOUS_MESSAGES.threshold('zScore')).toBe('thresholds.zScore must be a number from 0.5 to 10');
    expect(SUSPICIOUS_MESSAGES.threshold('minKills')).toBe(
      'thresholds.minKills must be a whole number from 1 to 1000',
    );
  });
});

describe('mapImageSizeError', () => {
  it('asks for a file, refuses one over the cap and takes the rest', () => {
    expect(mapImageSizeError(0)).toBe(MAP_IMAGE_MESSAGES.missing);
    expect(mapImageSizeError(MAP_IMAGE_MAX_BYTES + 1)).toBe(MAP_IMAGE_MESSAGES.tooLarge);
    expect(mapImageSizeError(MAP_IMAGE_MAX_BYTES)).toBeNull();
    expect(MAP_IMAGE_MESSAGES.tooLarge).toBe('The map image must be at most 8 MB');
  });
});
