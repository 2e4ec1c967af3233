import { AppMeta } from './app-meta.entity';
import { defineSchema } from './table-schema';

/** The installation's own facts (generated secrets, seeding markers). */
export const databaseSchema = defineSchema({ entities: [AppMeta] });
