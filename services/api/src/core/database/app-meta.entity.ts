import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Small key/value facts about this installation (e.g. generated secrets, seeding markers). */
@Entity({ tableName: 'app_meta' })
export class AppMeta {
  @PrimaryKey({ type: 'string', length: 100 })
  key!: string;

  @Property({ type: 'text' })
  value!: string;
}
