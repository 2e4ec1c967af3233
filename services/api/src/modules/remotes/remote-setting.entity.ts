import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { RemoteName } from '@outpost/contracts';
import { randomUUID } from 'node:crypto';
import { JsonTextType } from '../../core/database';

/** A build of a remote, as its manifest described it when the operator set it. */
export type RemoteBuild = { url: string; buildVersion: string | null; contractsVersion: string | null };

/** What is served for one remote: its build, a canary beside it, and what a rollback serves again. */
export type RemoteState = {
  current: RemoteBuild;
  /** Served to `share` per cent of the users, sticky per user (per browser for visitors). */
  canary: (RemoteBuild & { share: number }) | null;
  previous: RemoteBuild | null;
};

/**
 * The remote as the operator set it (`remotes:set`), served by every instance in place of
 * REMOTES_JSON's URL; a remote without a row keeps REMOTES_JSON's.
 */
@Entity({ tableName: 'remote_settings' })
export class RemoteSetting {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ type: 'string', length: 16 })
  name!: RemoteName;

  @Property({ type: JsonTextType, columnType: 'text' })
  state!: RemoteState;

  @Property({ type: 'string', length: 200 })
  updatedBy!: string;

  @Property({ type: 'Date' })
  updatedAt: Date = new Date();
}

export const REMOTE_CHANGE_ACTIONS = ['set', 'canary', 'promote', 'rollback'] as const;
export type RemoteChangeAction = (typeof REMOTE_CHANGE_ACTIONS)[number];

/** What browsers were served, for the audit trail: the URL and any canary with its share. */
export type ServedRemote = { url: string; canary: { url: string; share: number } | null };

/** The audit trail of the operator's remote changes: who, and what was served before and after. */
@Entity({ tableName: 'remote_changes' })
export class RemoteChange {
  [OptionalProps]?: 'id' | 'at';

  @PrimaryKey({ type: 'string', length: 36 })
  id: string = randomUUID();

  @Property({ type: 'string', length: 16 })
  remote!: RemoteName;

  @Property({ type: 'string', length: 16 })
  action!: RemoteChangeAction;

  @Property({ type: 'string', length: 200 })
  operator!: string;

  @Property({ type: JsonTextType, columnType: 'text', fieldName: 'old_value' })
  old!: ServedRemote;

  @Property({ type: JsonTextType, columnType: 'text', fieldName: 'new_value' })
  next!: ServedRemote;

  @Property({ type: 'Date' })
  at: Date = new Date();
}
