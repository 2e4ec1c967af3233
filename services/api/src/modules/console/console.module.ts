import { Module } from '@nestjs/common';
import { RateLimiter } from '../../core/rate-limit';
import { CommandsModule } from '../commands';
import { LogsModule } from '../logs';
import { ServersModule } from '../servers';
import { ConsoleController } from './console.controller';
import { ConsoleService } from './console.service';

/**
 * A server's console (issue 17, section 5): its own module rather than part of commands, because
 * it is a screen's API with its own permission, rate limit and audit entry, and it reads the
 * server's console lines too; commands stay the delivery mechanism moderation shares.
 */
@Module({
  imports: [CommandsModule, ServersModule, LogsModule],
  controllers: [ConsoleController],
  providers: [ConsoleService, RateLimiter],
})
export class ConsoleModule {}
