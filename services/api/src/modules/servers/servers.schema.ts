import { defineSchema } from '../../core/database';
import { GameServer } from './server.entity';

/** The servers, and each one's status changes (raw SQL, status-changes.ts: uptime and outages). */
export const serversSchema = defineSchema({ entities: [GameServer], tables: ['server_status_changes'] });
