import { EntityManager } from '@mikro-orm/core';
import { REMOTE_NAMES, type RemoteName } from '@outpost/contracts';
import { lockUntilCommit } from '../../core/concurrency';
import type { RemotesInForceMap } from '../../core/web';
import { readRemoteManifest, RemoteRefused } from './remote-manifest';
import {
  RemoteChange,
  RemoteSetting,
  type RemoteChangeAction,
  type RemoteState,
  type ServedRemote,
} from './remote-setting.entity';

/** Each remote's state: the operator's setting, else REMOTES_JSON's URL (its build not yet read). */
export type RemoteStates = Record<RemoteName, RemoteState & { setBy: string | null; setAt: Date | null }>;

const served = (state: RemoteState): ServedRemote => ({
  url: state.current.url,
  canary: state.canary ? { url: state.canary.url, share: state.canary.share } : null,
});

/** The remotes' settings: read by every instance, changed by the operator commands. */
export class RemotesService {
  constructor(
    private readonly em: EntityManager,
    /** REMOTES_JSON's URL per remote (or the panel's own folder): the start-up default. */
    private readonly defaults: Readonly<Record<RemoteName, string>>,
  ) {}

  async states(): Promise<RemoteStates> {
    const rows = await this.em.fork().find(RemoteSetting, {});
    const byName = new Map(rows.map((row) => [row.name, row]));
    return Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const row = byName.get(name);
        const state = row?.state ?? this.defaultState(name);
        return [name, { ...state, setBy: row?.updatedBy ?? null, setAt: row?.updatedAt ?? null }];
      }),
    ) as RemoteStates;
  }

  /** REMOTES_JSON's URL (or the panel's own build) for a remote the operator never set. */
  private defaultState(name: RemoteName): RemoteState {
    return {
      current: { url: this.defaults[name], buildVersion: null, contractsVersion: null },
      canary: null,
      previous: null,
    };
  }

  /** What browsers are served now, for RemotesInForce. */
  async inForce(): Promise<RemotesInForceMap> {
    const states = await this.states();
    return Object.fromEntries(REMOTE_NAMES.map((name) => [name, served(states[name])])) as RemotesInForceMap;
  }

  /**
   * Serves the manifest at `url` for the remote, after checking it answers and is that remote's:
   * to everyone (the build served until now becomes the one a rollback brings back), or with
   * `canaryShare` to that share of the users beside the current build.
   */
  async set(
    name: RemoteName,
    url: string,
    canaryShare: number | null,
    operator: string,
    publicUrl: string,
  ): Promise<RemoteState> {
    const build = await readRemoteManifest(name, url, publicUrl);
    return this.change(name, operator, canaryShare === null ? 'set' : 'canary', (state) =>
      canaryShare === null
        ? { current: build, canary: null, previous: state.current }
        : { ...state, canary: { ...build, share: canaryShare } },
    );
  }

  /** The canary becomes the build everyone gets; the one before it is what a rollback serves. */
  promote(name: RemoteName, operator: string): Promise<RemoteState> {
    return this.change(name, operator, 'promote', (state) => {
      if (!state.canary) throw new RemoteRefused(`${name} has no canary to promote.`);
      const { share: _share, ...canary } = state.canary;
      return { current: canary, canary: null, previous: state.current };
    });
  }

  /**
   * Serves the previous build again (and the build rolled back from becomes the previous one); a
   * canary that runs is stopped with it, so everyone gets the same build.
   */
  rollback(name: RemoteName, operator: string): Promise<RemoteState> {
    return this.change(name, operator, 'rollback', (state) => {
      if (!state.previous) throw new RemoteRefused(`${name} has no previous URL to roll back to.`);
      return { current: state.previous, canary: null, previous: state.current };
    });
  }

  /**
   * Reads the remote's state and writes the next one in one transaction, holding the remote's lock
   * on PostgreSQL (SQLite lets one writer in at a time): two commands run at once each see what the
   * other stored, so neither is lost and each change records what was really served before it.
   */
  private async change(
    name: RemoteName,
    operator: string,
    action: RemoteChangeAction,
    next: (state: RemoteState) => RemoteState,
  ): Promise<RemoteState> {
    return this.em.fork().transactional(async (em) => {
      await lockUntilCommit(em, `remotes:${name}`);
      const row = await em.findOne(RemoteSetting, { name });
      const before = row?.state ?? this.defaultState(name);
      const after = next(before);
      if (row) Object.assign(row, { state: after, updatedBy: operator, updatedAt: new Date() });
      else em.create(RemoteSetting, { name, state: after, updatedBy: operator });
      em.create(RemoteChange, { remote: name, action, operator, old: served(before), next: served(after) });
      return after;
    });
  }

  /** The newest changes of a remote, newest first. */
  history(name: RemoteName, limit = 10): Promise<RemoteChange[]> {
    return this.em.fork().find(RemoteChange, { remote: name }, { orderBy: { at: 'desc' }, limit });
  }
}
