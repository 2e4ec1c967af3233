import { Global, Module } from '@nestjs/common';
import { PlanGuard } from './require-plan';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

// Global: @RequirePlan() guards in any module need UsersService.
@Global()
@Module({
  controllers: [UsersController],
  providers: [UsersService, PlanGuard],
  exports: [UsersService, PlanGuard],
})
export class UsersModule {}
