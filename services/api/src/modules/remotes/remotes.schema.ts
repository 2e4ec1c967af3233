import { defineSchema } from '../../core/database';
import { RemoteChange, RemoteSetting } from './remote-setting.entity';

export const remotesSchema = defineSchema({ entities: [RemoteSetting, RemoteChange] });
