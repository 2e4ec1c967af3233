import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { RconState } from '@outpost/contracts';

/**
 * The panel's own WebRCON connection to a server: where it listens, its password (sealed with
 * SECRETS_KEY, never stored or answered in plain text) and the connection's last known state, as
 * the instance holding the connection wrote it. Deleted with its server (foreign key).
 */
@Entity({ tableName: 'server_rcon' })
export class ServerRcon {
  [OptionalProps]?:
    | 'revision'
    | 'ownerToken'
    | 'retries'
    | 'state'
    | 'stateSince'
    | 'lastError'
    | 'connectedAt'
    | 'refusedAt'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'string', length: 36 })
  serverId!: string;

  @Property({ type: 'string', length: 255 })
  host!: string;

  @Property({ type: 'integer' })
  port!: number;

  /** SecretBox.seal(password): AES-256-GCM under SECRETS_KEY, bound to the server's id. */
  @Property({ type: 'text', hidden: true, lazy: false })
  passwordSealed!: string;

  /**
   * Counts the saves: a state report of a connection that a later save replaced carries the old
   * revision and is not written.
   */
  @Property({ type: 'integer' })
  revision: number = 1;

  /**
   * The fencing token of the latest claim on the connection (ConnectionOwnership): raised by each
   * new owner, and a state report carrying an older one is not written (its owner lost the claim).
   */
  @Property({ type: 'integer' })
  ownerToken: number = 0;

  /**
   * Counts the Try again presses since the save: the instance holding the connection dials at
   * once when it sees the count grow.
   */
  @Property({ type: 'integer' })
  retries: number = 0;

  @Property({ type: 'string', length: 16 })
  state: RconState = 'connecting';

  /** When the connection came into its state (null: not known, saved before this was kept). */
  @Property({ type: 'Date', nullable: true })
  stateSince: Date | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  lastError: string | null = null;

  @Property({ type: 'Date', nullable: true })
  connectedAt: Date | null = null;

  /**
   * When the server last refused the password, while the state is wrong_password: a connection
   * made again with these settings (a restart, a take-over) dials first 10 minutes after it.
   */
  @Property({ type: 'Date', nullable: true })
  refusedAt: Date | null = null;

  @Property({ type: 'Date' })
  createdAt: Date = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
