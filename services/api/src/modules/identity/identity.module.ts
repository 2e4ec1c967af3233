import { SessionCookieAuth } from '../../core/auth';
import { SessionCookieUsers } from './session-cookie-users';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { RateLimiter } from '../../core/rate-limit';
import { UsersModule } from '../users';
import { AccountController } from './account.controller';
import { HeaderUsers } from './header-users';
import { JwtStrategy } from './jwt.strategy';
import { JwtTokensService } from './jwt-tokens.service';
import { MagicLinksService } from './magic-links.service';
import { MailerService } from './mailer.service';
import { MySessionsController } from './my-sessions.controller';
import { OAuthAccountsService } from './oauth/oauth-accounts.service';
import { OAuthController } from './oauth/oauth.controller';
import { SessionsService } from './sessions.service';
import { SignInService } from './sign-in.service';

@Module({
  imports: [PassportModule, UsersModule],
  controllers: [AccountController, OAuthController, MySessionsController],
  providers: [
    SessionsService,
    JwtTokensService,
    JwtStrategy,
    MailerService,
    MagicLinksService,
    RateLimiter,
    SignInService,
    OAuthAccountsService,
    { provide: SessionCookieAuth, useClass: SessionCookieUsers },
    HeaderUsers,
  ],
  exports: [SessionsService, JwtTokensService, SessionCookieAuth, HeaderUsers, MailerService],
})
export class IdentityModule {}
