// The forms and the API refuse in the same words (the README: libs/validation holds every rule and
// message). Each bad input below goes to the real API, and its 400's details are compared, field by
// field, with what the function the form calls answers for the same input: the alert rule and
// channel forms (alertRuleErrors, alertChannelErrors), the weights form and the review dialog
// (their schemas), the metrics range read from the page's query, the alert history's filters, and
// the map image's size check. A message changed on one side only fails here.
import { ALERT_LIMITS, DEFAULT_SUSPICIOUS_SETTINGS, MAP_IMAGE_MAX_BYTES } from '@outpost/contracts';
import {
  alertChannelErrors,
  alertRuleErrors,
  alertsQuerySchema,
  MAP_IMAGE_FIELD,
  MAP_IMAGE_MESSAGES,
  mapImageSizeError,
  metricsQuerySchema,
  requestErrors,
  suspiciousReviewSchema,
  suspiciousSettingsSchema,
} from '@outpost/validation';
import type { Response } from 'supertest';
import { createCrew, expectStatus, type Crew } from './support/crew';
import { setPlan } from './support/plans';
import { addServer, steamIdOf } from './support/plugin';
import { createTestApp, type TestApp } from './support';

type Body = Record<string, unknown>;
type Details = { field: string; message: string }[];

const STEAM_ID = '76561198000000001';
const ids = (count: number) => Array.from({ length: count }, (_, i) => steamIdOf(i + 1));
const emails = (count: number) => Array.from({ length: count }, (_, i) => `ops${i}@example.com`);

describe('form messages: the API refuses as the forms do', () => {
  let t: TestApp;
  let crew: Crew;
  let serverId: string;
  beforeAll(async () => {
    t = await createTestApp();
    crew = await createCrew(t);
    serverId = (await addServer(crew.owner, crew.network.id, 'EU Main')).id;
    // Suspicious activity and the live map are Premium's.
    await setPlan(t, crew.owner.user.id, 'premium');
  });
  afterAll(() => t.close());

  const network = () => `/api/networks/${crew.network.id}`;
  /** The 400's details, the form's own answer for the same input being `expected` (never none). */
  const refusedAs = (res: Response, expected: Details) => {
    expect(expected).not.toEqual([]);
    expect(expectStatus(res, 400).body.details).toEqual(expected);
  };

  describe('POST /api/networks/{id}/alert-rules (the rule form)', () => {
    const bad: [string, () => Body][] = [
      ['an unknown kind', () => ({ kind: 'players_sideways' })],
      ['a threshold out of range', () => ({ kind: 'players_above', threshold: 100_001, minutes: 5 })],
      ['a threshold typed as words', () => ({ kind: 'players_above', threshold: 'lots', minutes: 5 })],
      ['no threshold', () => ({ kind: 'players_below', threshold: null, minutes: 5 })],
      ['minutes of 0', () => ({ kind: 'fps_below', threshold: 20, minutes: 0 })],
      ['a fraction of a minute', () => ({ kind: 'fps_below', threshold: 20, minutes: 2.5 })],
      ['no minutes', () => ({ kind: 'fps_below', threshold: 20, minutes: null })],
      ['threshold and minutes both wrong', () => ({ kind: 'players_above', threshold: -1, minutes: 0 })],
      ['no steamIds to watch', () => ({ kind: 'player_joins', steamIds: [] })],
      ['a steamId that is not one', () => ({ kind: 'player_joins', steamIds: [STEAM_ID, '12345'] })],
      ['too many steamIds', () => ({ kind: 'player_joins', steamIds: ids(ALERT_LIMITS.watchedPlayers + 1) })],
      ['a server on a network-wide kind', () => ({ kind: 'member_joins', serverId })],
      ['enabled that is not true or false', () => ({ kind: 'server_offline', enabled: 'yes' })],
      ['no channel chosen', () => ({ kind: 'server_offline', channelIds: [] })],
      ['channels that are not a list', () => ({ kind: 'server_offline', channelIds: 'all' })],
      [
        'more channels than a rule names',
        () => ({ kind: 'server_offline', channelIds: Array(ALERT_LIMITS.ruleChannels + 1).fill('x') }),
      ],
    ];
    it.each(bad)('refuses %s in the form’s words', async (_name, body) => {
      refusedAs(
        await crew.owner.agent.post(`${network()}/alert-rules`).send(body()),
        alertRuleErrors(body()),
      );
    });

    // The edit form judges the whole rule it leaves; the API judges the stored rule with the change.
    it.each([
      ['no threshold', { threshold: null }],
      ['minutes of 0', { minutes: 0 }],
      ['a threshold typed as words', { threshold: 'lots' }],
    ])('refuses a change to %s in the form’s words', async (_name, changes) => {
      const stored = { kind: 'fps_below', serverId, threshold: 20, minutes: 5 };
      const rule = expectStatus(await crew.owner.agent.post(`${network()}/alert-rules`).send(stored), 201)
        .body.data as { id: string };
      const res = await crew.owner.agent.patch(`${network()}/alert-rules/${rule.id}`).send(changes);
      refusedAs(res, alertRuleErrors({ ...stored, ...changes }));
    });
  });

  describe('POST /api/networks/{id}/alert-channels (the channel form)', () => {
    const bad: [string, Body][] = [
      ['an unknown type', { type: 'pigeon', name: 'Coop' }],
      ['no name', { type: 'email', name: '' }],
      ['a name of spaces', { type: 'email', name: '   ' }],
      ['a name too long', { type: 'email', name: 'x'.repeat(ALERT_LIMITS.channelName + 1) }],
      ['an address that is not one', { type: 'email', name: 'Staff', emails: ['ops@example.com', 'nope'] }],
      ['too many addresses', { type: 'email', name: 'Staff', emails: emails(ALERT_LIMITS.emails + 1) }],
      ['a webhook without its URL', { type: 'webhook', name: 'Hook' }],
      ['a webhook with an empty URL', { type: 'webhook', name: 'Hook', url: '' }],
      ['a URL that is not http(s)', { type: 'discord', name: 'Staff', url: 'ftp://example.com/hook' }],
      [
        'a Discord URL that is not Discord’s',
        { type: 'discord', name: 'Staff', url: 'https://example.com/api/webhooks/1/abc' },
      ],
      [
        'a Discord URL over plain http',
        { type: 'discord', name: 'Staff', url: 'http://discord.com/api/webhooks/1/abc' },
      ],
      [
        'a URL too long',
        { type: 'webhook', name: 'Hook', url: `https://example.com/${'a'.repeat(ALERT_LIMITS.url)}` },
      ],
      ['no name and no URL', { type: 'webhook', name: '', url: '' }],
    ];
    it.each(bad)('refuses %s in the form’s words', async (_name, body) => {
      refusedAs(
        await crew.owner.agent.post(`${network()}/alert-channels`).send(body),
        alertChannelErrors(body),
      );
    });

    it('refuses a change to a URL that is not http(s) in the form’s words', async () => {
      const stored = { type: 'webhook', name: 'Ops hook', url: 'https://hooks.example.com/outpost' };
      const channel = expectStatus(
        await crew.owner.agent.post(`${network()}/alert-channels`).send(stored),
        201,
      ).body.data as { id: string };
      const changes = { name: 'Ops hook', url: 'mailto:ops@example.com' };
      const res = await crew.owner.agent.patch(`${network()}/alert-channels/${channel.id}`).send(changes);
      refusedAs(res, alertChannelErrors({ ...stored, ...changes }));
    });
  });

  describe('GET /api/networks/{id}/alerts (the history’s filters)', () => {
    it.each([[{ state: 'burning' }], [{ limit: '0' }], [{ before: 'not-a-cursor', state: 'x' }]])(
      'refuses %j in the same words',
      async (query) => {
        refusedAs(
          await crew.owner.agent.get(`${network()}/alerts`).query(query),
          requestErrors(alertsQuerySchema, query),
        );
      },
    );
  });

  describe('PUT /api/networks/{id}/suspicious/settings (the weights form)', () => {
    const { weights, thresholds } = DEFAULT_SUSPICIOUS_SETTINGS;
    // What the form sends for a field: the number typed, the words typed, or null when left empty.
    const bad: [string, Body][] = [
      ['a negative weight', { weights: { ...weights, reports: -1 }, thresholds }],
      ['a weight over the maximum', { weights: { ...weights, kd: 101 }, thresholds }],
      ['a weight typed as words', { weights: { ...weights, headshots: 'lots' }, thresholds }],
      ['an empty weight', { weights: { ...weights, reports: null }, thresholds }],
      ['a fraction for a whole threshold', { weights, thresholds: { ...thresholds, minKills: 2.5 } }],
      ['a z-score out of range', { weights, thresholds: { ...thresholds, zScore: 0.1 } }],
      [
        'a weight and a threshold both wrong',
        { weights: { ...weights, reports: -1 }, thresholds: { ...thresholds, nameCount: 1 } },
      ],
    ];
    it.each(bad)('refuses %s in the form’s words', async (_name, body) => {
      refusedAs(
        await crew.owner.agent.put(`${network()}/suspicious/settings`).send(body),
        requestErrors(suspiciousSettingsSchema, body),
      );
    });

    it('refuses a review note that is too long in the review dialog’s words', async () => {
      const body = { note: 'x'.repeat(501) };
      refusedAs(
        await crew.owner.agent.post(`${network()}/suspicious/${STEAM_ID}/flag`).send(body),
        requestErrors(suspiciousReviewSchema, body),
      );
    });
  });

  describe('GET /api/servers/{id}/metrics and /api/networks/{id}/metrics (the range in the page’s query)', () => {
    const bad = [{ range: '2d' }, { format: 'xml' }, { range: '1w', format: 'pdf' }];
    it.each(bad)('refuses %j on a server in the same words', async (query) => {
      refusedAs(
        await crew.owner.agent.get(`/api/servers/${serverId}/metrics`).query(query),
        requestErrors(metricsQuerySchema, query),
      );
    });
    it.each(bad)('refuses %j on a network in the same words', async (query) => {
      refusedAs(
        await crew.owner.agent.get(`${network()}/metrics`).query(query),
        requestErrors(metricsQuerySchema, query),
      );
    });
  });

  describe('PUT /api/servers/{id}/map/image (the upload control)', () => {
    const upload = (body: Buffer) =>
      crew.owner.agent.put(`/api/servers/${serverId}/map/image`).set('Content-Type', 'image/png').send(body);
    const sizeRefusal = (bytes: number): Details => {
      const message = mapImageSizeError(bytes);
      return message ? [{ field: MAP_IMAGE_FIELD, message }] : [];
    };

    it('refuses an empty file as the control does', async () => {
      refusedAs(await upload(Buffer.alloc(0)), sizeRefusal(0));
    });

    it('refuses a file over the cap as the control does', async () => {
      const bytes = MAP_IMAGE_MAX_BYTES + 1;
      refusedAs(await upload(Buffer.alloc(bytes)), sizeRefusal(bytes));
    });

    it('refuses a file that is no image in the words the control shows', async () => {
      refusedAs(await upload(Buffer.from('definitely not an image')), [
        { field: MAP_IMAGE_FIELD, message: MAP_IMAGE_MESSAGES.notAnImage },
      ]);
    });
  });
});
