// F7 reports on Discord (issue 37) against the Discord stand-in: with a reports channel chosen,
// each new report (the plugin's `report` event) is posted there with Mark seen, Close and Open in
// panel; a press by a linked staff member changes the report in the panel (audited as them) and
// the message with it (UPDATE_MESSAGE); anyone else gets an ephemeral refusal and the report
// stays as it was; a change made in the panel edits the message.
import type { ReportItem, ReportsResponse } from '@outpost/contracts';
import {
  ButtonStyle,
  ComponentType,
  InteractionResponseType,
  MessageFlags,
  type APIMessage,
} from 'discord-api-types/v10';
import { NOT_STAFF } from '../src/modules/discord/discord-interactions';
import { expectStatus } from './support/crew';
import {
  auditOf,
  bob,
  interact,
  linkPanelAccount,
  reportEvent,
  rex,
  useDiscordWorld,
} from './support/discord-world';
import { setPlan } from './support/plans';
import { until } from './support/until';

describe('Discord report messages', () => {
  const w = useDiscordWorld();
  let channelId: string;
  let moderatorDiscord: string;
  let memberDiscord: string;

  beforeAll(async () => {
    channelId = w.discord.addChannel(w.guildId, 'reports').id;
    moderatorDiscord = w.discord.addMember(w.guildId, { username: 'moe', globalName: 'Moe' }).user.id;
    memberDiscord = w.discord.addMember(w.guildId, { username: 'mia', globalName: 'Mia' }).user.id;
    await linkPanelAccount(w.t, w.crew.moderator.user.id, moderatorDiscord);
    await linkPanelAccount(w.t, w.crew.member.user.id, memberDiscord);
    expectStatus(
      await w.crew.owner.agent
        .patch(`/api/networks/${w.crew.network.id}/discord`)
        .send({ reportsChannelId: channelId }),
      200,
    );
  });

  let sent = 0;
  /** Rex reports Bob with the F7 menu (the plugin's event); answers the report and its message. */
  const report = async (subject: string): Promise<{ report: ReportItem; message: APIMessage }> => {
    sent += 1;
    await reportEvent(w.t, w.server, { id: `report-${sent}`, from: rex, target: bob, subject });
    const found = await until(async () => reportWith(subject), 'the report');
    const message = await until(
      async () =>
        w.discord.messages(channelId).find((posted) => posted.embeds[0]?.description?.startsWith(subject)),
      'the report message',
    );
    return { report: found, message };
  };
  const reportWith = async (subject: string) =>
    (
      expectStatus(await w.crew.moderator.agent.get(`/api/networks/${w.crew.network.id}/reports`), 200).body
        .data as ReportsResponse
    ).reports.find((found) => found.subject === subject);
  const stateOf = (message: APIMessage | null) =>
    message?.embeds[0]?.fields?.find((field) => field.name === 'State')?.value;
  const press = async (action: 'seen' | 'close', reportId: string, message: APIMessage, user: string) => {
    const interaction = w.discord.interactions.component(`report:${action}:${reportId}`, message, { user });
    const res = await interact(w, interaction);
    expect(res.status).toBe(200);
    return res.body as {
      type: number;
      data: { content?: string; flags?: number; embeds?: APIMessage['embeds'] };
    };
  };

  it('posts a new report to the reports channel with Mark seen, Close and Open in panel', async () => {
    const { report: posted, message } = await report('aimbot');
    expect(message.embeds[0]).toMatchObject({
      title: `F7 report: ${bob.name}`,
      description: 'aimbot\nsnaps to heads through walls',
      fields: [
        { name: 'Server', value: 'EU Main', inline: true },
        { name: 'Reported by', value: rex.name, inline: true },
        { name: 'State', value: 'New', inline: true },
      ],
    });
    expect(message.components).toEqual([
      {
        type: ComponentType.ActionRow,
        components: [
          expect.objectContaining({
            type: ComponentType.Button,
            label: 'Mark seen',
            custom_id: `report:seen:${posted.id}`,
            disabled: false,
          }),
          expect.objectContaining({
            type: ComponentType.Button,
            label: 'Close',
            custom_id: `report:close:${posted.id}`,
            disabled: false,
          }),
          expect.objectContaining({
            type: ComponentType.Button,
            style: ButtonStyle.Link,
            label: 'Open in panel',
            url: `${w.t.config.publicUrl}/networks/${w.crew.network.id}/profile/${bob.steamId}`,
          }),
        ],
      },
    ]);
    expect(w.discord.messages(channelId)).toHaveLength(1);
  });

  it('refuses a press by someone who is not linked staff, ephemeral, the report unchanged', async () => {
    const { report: posted, message } = await report('wallhack');
    for (const user of [memberDiscord, '400000000000004001']) {
      const answer = await press('close', posted.id, message, user);
      expect(answer).toEqual({
        type: InteractionResponseType.ChannelMessageWithSource,
        data: { content: NOT_STAFF, flags: MessageFlags.Ephemeral, allowed_mentions: { parse: [] } },
      });
    }
    expect((await reportWith('wallhack'))?.state).toBe('new');
    expect(stateOf(w.discord.message(message.id))).toBe('New');
  });

  it('Close by a linked moderator resolves the report, audited as them, and updates the message', async () => {
    const { report: posted, message } = await report('speedhack');
    const answer = await press('close', posted.id, message, moderatorDiscord);
    expect(answer.type).toBe(InteractionResponseType.UpdateMessage);
    expect((await reportWith('speedhack'))?.state).toBe('resolved');
    const updated = w.discord.message(message.id);
    expect(stateOf(updated)).toBe('Resolved');
    expect(updated?.embeds[0]?.footer?.text).toBe(`Resolved by ${w.crew.moderator.user.name}`);
    const buttons = updated?.components?.[0] as { components: { label: string; disabled?: boolean }[] };
    expect(buttons.components.map((button) => [button.label, button.disabled])).toEqual([
      ['Mark seen', true],
      ['Close', true],
      ['Open in panel', undefined],
    ]);
    expect(await auditOf(w.crew, 'report.updated')).toEqual([
      expect.objectContaining({
        actorId: w.crew.moderator.user.id,
        targetId: posted.id,
        details: expect.objectContaining({ state: { from: 'New', to: 'Resolved' } }),
      }),
    ]);
  });

  it('Mark seen moves it to reviewing; a change in the panel then edits the message', async () => {
    const { report: posted, message } = await report('esp');
    await press('seen', posted.id, message, moderatorDiscord);
    expect((await reportWith('esp'))?.state).toBe('reviewing');
    expect(stateOf(w.discord.message(message.id))).toBe('Reviewing');
    expectStatus(
      await w.crew.moderator.agent.patch(`/api/reports/${posted.id}`).send({ state: 'dismissed' }),
      200,
    );
    await until(async () => stateOf(w.discord.message(message.id)) === 'Dismissed', 'the message edited');
    // The presses' answers updated the message themselves; only the panel's change edited it.
    expect(w.discord.requestsTo(`PATCH /channels/${channelId}/messages/${message.id}`)).toHaveLength(1);
  });

  it("posts an automation's message to the reports channel, its variables filled in", async () => {
    await setPlan(w.t, w.crew.owner.user.id, 'premium');
    const created = expectStatus(
      await w.crew.owner.agent.post(`/api/networks/${w.crew.network.id}/automations`).send({
        name: 'Tell Discord',
        enabled: true,
        serverIds: [w.server.id],
        schedule: { cron: '0 0 1 1 *', timezone: 'UTC', onlyWhenOnline: false },
        actions: [{ type: 'discord', message: 'Restart of {server.name} in 5 minutes' }],
      }),
      201,
    ).body.data as { id: string };
    expectStatus(
      await w.crew.owner.agent.post(`/api/networks/${w.crew.network.id}/automations/${created.id}/run`),
      202,
    );
    await until(
      async () =>
        w.discord.messages(channelId).find((posted) => posted.content === 'Restart of EU Main in 5 minutes'),
      "the automation's message",
    );
    await until(async () => {
      const latest = (
        expectStatus(
          await w.crew.owner.agent.get(`/api/networks/${w.crew.network.id}/automations/${created.id}/runs`),
          200,
        ).body.data as { runs: { status: string }[] }
      ).runs[0];
      return latest?.status === 'succeeded' ? latest : null;
    }, 'the run to succeed');
  });
});
