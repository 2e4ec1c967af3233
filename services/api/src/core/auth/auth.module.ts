import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessGuard } from './access.guard';

@Module({
  // DiscoveryModule lets the route audit (and later the permission checks) read route metadata.
  imports: [DiscoveryModule],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
})
export class AuthModule {}
