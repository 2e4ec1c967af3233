import { Global, Module } from '@nestjs/common';
import { Leadership } from './leadership';
import { RedisLink } from './redis-link';

/** What several API instances share (REDIS_URL), for every module. */
@Global()
@Module({
  providers: [RedisLink, Leadership],
  exports: [RedisLink, Leadership],
})
export class ClusterModule {}
