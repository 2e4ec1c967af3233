import { Global, Module } from '@nestjs/common';
import { RedisLink } from './redis-link';

/** What several API instances share (REDIS_URL), for every module. */
@Global()
@Module({
  providers: [RedisLink],
  exports: [RedisLink],
})
export class ClusterModule {}
