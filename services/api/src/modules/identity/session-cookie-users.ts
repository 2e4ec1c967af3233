import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { SessionCookieAuth, type AuthUser } from '../../core/auth';
import { readSessionSecret } from './session-cookie';
import { SessionsService } from './sessions.service';

/** The session cookie → who holds it, for the routes that take it (AllowSessionCookie). */
@Injectable()
export class SessionCookieUsers extends SessionCookieAuth {
  constructor(private readonly sessions: SessionsService) {
    super();
  }

  async userOf(request: Request): Promise<AuthUser | null> {
    const session = await this.sessions.findBySecret(readSessionSecret(request));
    return session ? this.sessions.authUser(session.id, session.userId) : null;
  }
}
