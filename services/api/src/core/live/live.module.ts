import { Global, Module } from '@nestjs/common';
import { InProcessLiveBus } from './in-process-live-bus';
import { LiveBus } from './live-bus';

/** The live bus every module may publish on; in-process until REDIS_URL brings the shared one. */
@Global()
@Module({
  providers: [{ provide: LiveBus, useFactory: () => new InProcessLiveBus() }],
  exports: [LiveBus],
})
export class LiveBusModule {}
