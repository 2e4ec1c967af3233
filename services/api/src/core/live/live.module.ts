import { Global, Module } from '@nestjs/common';
import { RedisLink } from '../cluster';
import { InProcessLiveBus } from './in-process-live-bus';
import { LiveBus } from './live-bus';
import { RedisLiveBus } from './redis-live-bus';

/**
 * The live bus every module may publish on: shared by the instances through Redis when REDIS_URL
 * is set, in-process otherwise (one instance, exactly as before).
 */
@Global()
@Module({
  providers: [
    {
      provide: LiveBus,
      inject: [RedisLink],
      useFactory: (link: RedisLink): LiveBus =>
        link.configured ? new RedisLiveBus(link) : new InProcessLiveBus(),
    },
  ],
  exports: [LiveBus],
})
export class LiveBusModule {}
