import { defineSchema } from '../../core/database';
import { Network } from './network.entity';

export const tenancySchema = defineSchema({ entities: [Network] });
