// "For N minutes" waits N minutes (issue 38): a threshold rule fires only once its condition held
// at every report for N minutes in a row, counted from when the rule began watching. It used to
// count a minute by its average (a minute below for ten of its seconds counted whole) and the
// minutes before the rule existed (a rule added on a server already beyond fired at its first
// look). Real heartbeats through the plugin protocol into the metrics' real minute buckets; two
// controlled clocks: the plugin's says when each report arrives, the alerts' when rules are judged.
import type { Alert, AlertRule, AlertsResponse } from '@outpost/contracts';
import { AlertsClock } from '../src/modules/alerts';
import { ThresholdEvaluator } from '../src/modules/alerts/threshold-evaluator';
import { MINUTE_COMPLETE_AFTER_MS } from '../src/modules/metrics';
import { MetricsCollector } from '../src/modules/metrics/metrics-collector.service';
import { PluginClock } from '../src/modules/plugin/plugin-clock';
import type { TestApp } from './support';
import { createWorld, expectStatus, type Crew } from './support/crew';
import { addServer, heartbeat } from './support/plugin';

const MINUTE = 60_000;
/** Three reports a minute, 20 s apart (the plugin sends one every 10 s; fewer keep the suite short). */
const REPORT_OFFSETS = [5_000, 25_000, 45_000];

describe('a threshold rule waits its minutes', () => {
  let t: TestApp;
  let crew: Crew;
  beforeAll(async () => {
    ({ t, crew } = await createWorld());
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const setAlertsClock = (at: number) =>
    jest.spyOn(t.app.get(AlertsClock), 'now').mockReturnValue(new Date(at));
  /** One minute of reports from `start`, each with the FPS given (in order). */
  const reportMinute = async (token: string, start: number, fps: readonly number[]) => {
    for (const [i, value] of fps.entries()) {
      jest.spyOn(t.app.get(PluginClock), 'now').mockReturnValue(new Date(start + REPORT_OFFSETS[i]));
      await heartbeat(t, token, [], { fps: value });
    }
  };
  /** The leader's look at the rules at `at`, after the reports so far are in the tables. */
  const evaluateAt = async (at: number) => {
    await t.app.get(MetricsCollector).flush();
    setAlertsClock(at);
    await t.app.get(ThresholdEvaluator).evaluate();
  };
  /** The moment a minute is complete in the tables (every instance flushed it). */
  const completeAt = (minuteStart: number) => minuteStart + MINUTE_COMPLETE_AFTER_MS;
  const alertsOf = async (ruleId: string): Promise<Alert[]> =>
    (
      expectStatus(await crew.member.agent.get(`/api/networks/${crew.network.id}/alerts`), 200).body
        .data as AlertsResponse
    ).alerts.filter((alert) => alert.ruleId === ruleId);
  const addRule = async (serverId: string, at: number) => {
    setAlertsClock(at);
    return expectStatus(
      await crew.owner.agent
        .post(`/api/networks/${crew.network.id}/alert-rules`)
        .send({ kind: 'fps_below', serverId, threshold: 30, minutes: 2 }),
      201,
    ).body.data as AlertRule;
  };
  /** A minute start a few minutes ahead of now, so nothing real lands in the minutes the test plays. */
  const aheadOfNow = (minutes: number) => (Math.floor(Date.now() / MINUTE) + minutes) * MINUTE;

  it('counts a minute only when every report in it was beyond, so a few seconds beyond do not make a minute', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'EU Jitter');
    const start = aheadOfNow(5);
    const rule = await addRule(server.id, start - 2 * MINUTE);

    // Below 30 at its last report only: its average (28.3) is below, its highest (40) is not.
    await reportMinute(server.token, start, [40, 40, 5]);
    await reportMinute(server.token, start + MINUTE, [10, 10, 10]);
    // Two complete minutes whose averages are below: by averages this fired here.
    await evaluateAt(completeAt(start + MINUTE) + 1_000);
    expect(await alertsOf(rule.id)).toEqual([]);

    await reportMinute(server.token, start + 2 * MINUTE, [10, 10, 10]);
    // A second before the second whole minute is complete: still waiting.
    await evaluateAt(completeAt(start + 2 * MINUTE) - 1_000);
    expect(await alertsOf(rule.id)).toEqual([]);
    await evaluateAt(completeAt(start + 2 * MINUTE) + 1_000);
    const [fired] = await alertsOf(rule.id);
    expect(fired).toMatchObject({ state: 'firing', title: 'EU Jitter has run below 30 FPS for 2 minutes' });
    // Below at every report since the last one of the first minute, for two minutes and more.
    const belowSince = start + REPORT_OFFSETS[2];
    expect(Date.parse(fired.firedAt) - belowSince).toBeGreaterThanOrEqual(2 * MINUTE);

    // One report back at 35 is the condition no longer holding: it resolves.
    await reportMinute(server.token, start + 3 * MINUTE, [10, 35, 10]);
    await evaluateAt(completeAt(start + 3 * MINUTE) + 1_000);
    expect(await alertsOf(rule.id)).toEqual([expect.objectContaining({ id: fired.id, state: 'resolved' })]);
  });

  it('counts from when the rule began watching: added on a server already beyond, changed, or not for a change of channels', async () => {
    const server = await addServer(crew.owner, crew.network.id, 'EU Laggy');
    const start = aheadOfNow(20);
    // Below 30 for five minutes before there is a rule.
    for (let minute = 0; minute < 5; minute += 1)
      await reportMinute(server.token, start + minute * MINUTE, [10, 10, 10]);
    const added = start + 5 * MINUTE + 5_000;
    const rule = await addRule(server.id, added);
    const minuteOf = async (minute: number) =>
      reportMinute(server.token, start + minute * MINUTE, [10, 10, 10]);

    await minuteOf(5);
    // The last two complete minutes were below, but before the rule: it waits.
    await evaluateAt(added + 10_000);
    expect(await alertsOf(rule.id)).toEqual([]);
    await minuteOf(6);
    // Minute 5 began before the rule was added: not yet two minutes of its own.
    await evaluateAt(completeAt(start + 6 * MINUTE) + 1_000);
    expect(await alertsOf(rule.id)).toEqual([]);
    await minuteOf(7);
    await evaluateAt(completeAt(start + 7 * MINUTE) + 1_000);
    const [fired] = await alertsOf(rule.id);
    expect(fired).toMatchObject({ state: 'firing' });
    expect(Date.parse(fired.firedAt) - added).toBeGreaterThanOrEqual(2 * MINUTE);

    // A change of channels alone leaves the alert firing and the count alone.
    const [panel] = (
      expectStatus(await crew.owner.agent.get(`/api/networks/${crew.network.id}/alert-channels`), 200).body
        .data as { id: string }[]
    ).slice(0, 1);
    const changedAt = completeAt(start + 7 * MINUTE) + 5_000;
    setAlertsClock(changedAt);
    expectStatus(
      await crew.owner.agent
        .patch(`/api/networks/${crew.network.id}/alert-rules/${rule.id}`)
        .send({ channelIds: [panel.id] }),
      200,
    );
    expect(await alertsOf(rule.id)).toEqual([expect.objectContaining({ id: fired.id, state: 'firing' })]);

    // A new threshold is a new watch: the alert ends, and it waits two whole minutes again.
    expectStatus(
      await crew.owner.agent
        .patch(`/api/networks/${crew.network.id}/alert-rules/${rule.id}`)
        .send({ threshold: 35 }),
      200,
    );
    expect(await alertsOf(rule.id)).toEqual([expect.objectContaining({ id: fired.id, state: 'resolved' })]);
    await minuteOf(8);
    await evaluateAt(completeAt(start + 8 * MINUTE) + 1_000);
    await minuteOf(9);
    await evaluateAt(completeAt(start + 9 * MINUTE) + 1_000);
    expect(await alertsOf(rule.id)).toEqual([expect.objectContaining({ state: 'resolved' })]);
    await minuteOf(10);
    const refiredAt = completeAt(start + 10 * MINUTE) + 1_000;
    expect(refiredAt - changedAt).toBeGreaterThanOrEqual(2 * MINUTE);
    await evaluateAt(refiredAt);
    // Within the hold-down time of its end: the same alert, reopened without a new message.
    expect(await alertsOf(rule.id)).toEqual([
      expect.objectContaining({ id: fired.id, state: 'firing', flaps: 1 }),
    ]);
  });
});
