import { defineSchema } from '../../core/database';

/** Each server's world, its players' recent positions and the uploaded map image (raw SQL). */
export const mapSchema = defineSchema({ tables: ['map_worlds', 'map_positions', 'map_images'] });
