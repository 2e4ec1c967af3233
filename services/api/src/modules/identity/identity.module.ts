import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module';
import { JwtStrategy } from './jwt.strategy';
import { JwtTokensService } from './jwt-tokens.service';
import { SessionsService } from './sessions.service';

@Module({
  imports: [PassportModule, UsersModule],
  providers: [SessionsService, JwtTokensService, JwtStrategy],
  exports: [SessionsService, JwtTokensService],
})
export class IdentityModule {}
