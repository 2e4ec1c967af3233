import { Controller, Delete, Get, Param } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../core/auth';
import { BEARER_SCHEME } from '../../core/http';
import { IDENTITY_ERRORS, identityErrors } from './identity.errors';
import type { Session } from './session.entity';
import { SessionsService } from './sessions.service';

export class SessionView {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'magic-url', description: 'magic-url, demo, or the OAuth provider' })
  provider!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ nullable: true, type: String }) lastUsedAt!: string | null;
  @ApiProperty() expiresAt!: string;
  @ApiProperty({ nullable: true, type: String }) ip!: string | null;
  @ApiProperty({ nullable: true, type: String }) userAgent!: string | null;
  @ApiProperty({ description: 'The session this request comes from' }) current!: boolean;
}

const toView = (session: Session, currentId: string): SessionView => ({
  id: session.id,
  provider: session.provider === 'oauth2' ? (session.providerName ?? 'oauth2') : session.provider,
  createdAt: session.createdAt.toISOString(),
  lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
  expiresAt: session.expiresAt.toISOString(),
  ip: session.ip,
  userAgent: session.userAgent,
  current: session.id === currentId,
});

/** The profile page's list of signed-in browsers, each of which can be signed out. */
@ApiTags('users')
@ApiBearerAuth(BEARER_SCHEME)
@Authenticated()
@Controller('api/users/me/sessions')
export class MySessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get()
  @ApiOperation({
    summary:
      "My active sessions, newest first (the demo user's: only this browser's, as every visitor of the demo signs in as that one user)",
  })
  @ApiOkResponse({ type: [SessionView] })
  async list(@CurrentUser() user: AuthUser): Promise<SessionView[]> {
    const sessions = await this.sessions.listActive(user.id);
    // Every visitor of the demo is the same user: another visitor's address and browser are theirs.
    const mine = user.isDemo ? sessions.filter((session) => session.id === user.sessionId) : sessions;
    return mine.map((session) => toView(session, user.sessionId));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'End one of my sessions (its cookie and JWTs stop working)' })
  @ApiOkResponse({ description: '{success: true, data: null}' })
  @ApiNotFoundResponse({ description: IDENTITY_ERRORS.sessionNotFound.message })
  async end(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<null> {
    if (!(await this.sessions.end(user.id, id))) throw identityErrors.sessionNotFound();
    return null;
  }
}
