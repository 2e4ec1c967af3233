import { DEFAULT_SUSPICIOUS_SETTINGS as SETTINGS } from '@outpost/contracts';
import {
  hasNewEvidence,
  markOf,
  populationOf,
  populationsOf,
  SCORERS,
  scoreOf,
  scorePlayer,
  zScoreOf,
  type PlayerFacts,
} from './factors';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const DAY = 86_400_000;

const facts = (extra: Partial<PlayerFacts> = {}): PlayerFacts => ({
  steamId: '76561198000000001',
  name: 'Rex',
  kills: 0,
  deaths: 0,
  headshots: 0,
  playtimeMinutes: 600,
  firstJoined: NOW - 30 * DAY,
  reports: { count: 0, reporters: 0, ids: [], times: [] },
  violations: { count: 0, kinds: [], ids: [], times: [] },
  names: ['Rex'],
  banned: { steamIds: [], ips: [] },
  ...extra,
});
const context = { now: NOW, viewIp: true };
// Ten ordinary players: K/D 1, headshot rate 0.2.
const crowd = Array.from({ length: 10 }, () => facts({ kills: 10, deaths: 10, headshots: 2 }));

describe('suspicious factors', () => {
  it('takes the mean and population deviation, and no z-score from a small or flat population', () => {
    expect(populationOf([1, 2, 3, 4])).toEqual({ mean: 2.5, deviation: 1.118, players: 4 });
    expect(zScoreOf(10, { mean: 1, deviation: 1, players: 4 })).toBe(0);
    expect(zScoreOf(10, { mean: 1, deviation: 0, players: 50 })).toBe(0);
    expect(zScoreOf(4, { mean: 1, deviation: 1.5, players: 50 })).toBe(2);
  });

  it('weighs reports by distinct reporters and shows the count', () => {
    const f = SCORERS.reports(
      facts({ reports: { count: 4, reporters: 3, ids: ['a', 'b', 'c', 'd'], times: [NOW] } }),
      SETTINGS,
      populationsOf(crowd),
      context,
    );
    expect(f).toMatchObject({ value: 3, weight: 10, contribution: 30, summary: '4 from 3 players' });
    expect(f.evidence).toMatchObject({
      counts: { reports: 4, reporters: 3 },
      times: [new Date(NOW).toISOString()],
    });
  });

  it('counts K/D and headshot rate only at the z threshold and past the minimum kills', () => {
    const ace = facts({ kills: 60, deaths: 2, headshots: 50 });
    const populations = populationsOf([...crowd, ace]);
    const kd = SCORERS.kd(ace, SETTINGS, populations, context);
    expect(kd.value).toBeGreaterThanOrEqual(2);
    expect(kd.contribution).toBeCloseTo(8 * kd.value, 1);
    expect(kd.evidence.population).toEqual(populations.kd);
    expect(SCORERS.headshots(ace, SETTINGS, populations, context).value).toBeGreaterThanOrEqual(2);
    // The same ratios on fewer kills than the threshold count nothing.
    const lucky = facts({ kills: 9, deaths: 0, headshots: 9 });
    expect(SCORERS.kd(lucky, SETTINGS, populationsOf([...crowd, lucky]), context).contribution).toBe(0);
    expect(SCORERS.kd(crowd[0], SETTINGS, populations, context)).toMatchObject({ value: 0, contribution: 0 });
  });

  it('counts violations, banned accounts (IPs only for players.viewIp) and names past the threshold', () => {
    const populations = populationsOf(crowd);
    const player = facts({
      violations: { count: 2, kinds: ['FlyHack', 'SpeedHack'], ids: ['v1', 'v2'], times: [NOW, NOW - 1] },
      banned: { steamIds: ['76561198000000009'], ips: ['198.51.100.9'] },
      names: ['Rex', 'xeR', 'R.e.x'],
    });
    expect(SCORERS.violations(player, SETTINGS, populations, context)).toMatchObject({
      value: 2,
      contribution: 30,
      summary: '2 (FlyHack, SpeedHack)',
    });
    expect(SCORERS.banEvasion(player, SETTINGS, populations, context).evidence.ips).toEqual(['198.51.100.9']);
    expect(
      SCORERS.banEvasion(player, SETTINGS, populations, { now: NOW, viewIp: false }).evidence,
    ).not.toHaveProperty('ips');
    expect(SCORERS.nameChanges(player, SETTINGS, populations, context)).toMatchObject({
      value: 2,
      contribution: 10,
    });
    expect(SCORERS.nameChanges(facts({ names: ['a', 'b'] }), SETTINGS, populations, context).value).toBe(0);
  });

  it('flags a new player killing far above the rate, not an old one', () => {
    const populations = populationsOf(crowd);
    const fresh = facts({ kills: 40, playtimeMinutes: 60, firstJoined: NOW - DAY });
    expect(SCORERS.newPlayerKills(fresh, SETTINGS, populations, context)).toMatchObject({
      value: 4,
      contribution: 40,
    });
    const veteran = { ...fresh, firstJoined: NOW - 10 * DAY };
    expect(SCORERS.newPlayerKills(veteran, SETTINGS, populations, context)).toMatchObject({
      value: 0,
      summary: 'not new',
    });
  });

  it('sums the contributions, and a dismissal lapses on new evidence only', () => {
    const player = facts({ reports: { count: 1, reporters: 1, ids: ['a'], times: [NOW - 1000] } });
    const { score, factors } = scorePlayer(player, SETTINGS, populationsOf(crowd), context);
    expect(factors).toHaveLength(7);
    expect(score).toBe(10);
    const mark = markOf(player, score);
    expect(hasNewEvidence(mark, markOf(player, score), true)).toBe(false);
    const reported = facts({
      reports: { count: 2, reporters: 2, ids: ['b', 'a'], times: [NOW, NOW - 1000] },
    });
    expect(hasNewEvidence(mark, markOf(reported, 20), false)).toBe(true);
    expect(hasNewEvidence(mark, markOf(player, 12), false)).toBe(false);
    expect(hasNewEvidence(mark, markOf(player, 12), true)).toBe(true);
  });

  it('scores from the values alone exactly as the explained factors add up', () => {
    const players = Array.from({ length: 200 }, (_, i) =>
      facts({
        kills: (i * 7) % 90,
        deaths: (i * 3) % 11,
        headshots: (i * 5) % 40 > (i * 7) % 90 ? 0 : (i * 5) % 40,
        playtimeMinutes: 30 + ((i * 13) % 500),
        firstJoined: NOW - ((i % 9) * DAY) / 2,
        reports: { count: i % 4, reporters: i % 3, ids: [], times: [] },
        violations: { count: i % 5 === 0 ? 1 : 0, kinds: ['FlyHack'], ids: [], times: [] },
        names: Array.from({ length: 1 + (i % 4) }, (_, n) => `N${n}`),
      }),
    );
    const populations = populationsOf(players);
    for (const player of players)
      expect(scoreOf(player, SETTINGS, populations, context)).toBe(
        scorePlayer(player, SETTINGS, populations, context).score,
      );
  });
});
