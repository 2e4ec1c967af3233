// A real local HTTP server standing in for the identity and users routes, so the screens run
// RTK Query and the base query unchanged (the same approach as mfe-networks' specs).
import {
  UPGRADE_BY_OPERATOR_MESSAGE,
  type CheckUsernameResponse,
  type SessionUser,
  type UserProfile,
} from '@outpost/contracts';
import { FakeHttpApi, type FakeReply, type FakeRequest } from '@outpost/testing';
import type { AccountSession } from '../features/profile/api/profile.api';

const appwriteError = (status: number, message: string, type: string): FakeReply => ({
  status,
  body: { message, code: status, type },
});

export class FakeAccountApi extends FakeHttpApi {
  profile: UserProfile = FakeAccountApi.newProfile();
  sessions: AccountSession[] = [];
  /** userId → secret of a link not used yet. */
  links = new Map<string, string>();
  taken = new Set<string>();

  static newProfile(changes: Partial<UserProfile> = {}): UserProfile {
    return {
      $id: 'u1',
      email: 'ana@example.com',
      name: '',
      emailVerification: true,
      username: null,
      avatar: null,
      isUpgraded: false,
      plan: 'free',
      ...changes,
    };
  }

  protected clear(): void {
    this.profile = FakeAccountApi.newProfile();
    this.sessions = [];
    this.links.clear();
    this.taken.clear();
  }

  protected answer({ method, path, body }: FakeRequest): FakeReply {
    return this.route(method, path, body as Record<string, string>);
  }

  private sessionUser(): SessionUser {
    const { $id, email, name, emailVerification } = this.profile;
    return { $id, email, name, emailVerification };
  }

  private route(method: string, path: string, body: Record<string, string>): FakeReply {
    const ok = (data: unknown): FakeReply => ({ status: 200, body: { success: true, data } });
    switch (`${method} ${path}`) {
      case 'POST /v1/account/tokens/magic-url':
        return { status: 201, body: { $id: 't1', userId: body.userId, expire: new Date().toISOString() } };
      case 'POST /v1/account/sessions/token': {
        if (this.links.get(body.userId) !== body.secret)
          return appwriteError(401, 'Invalid token passed in the request.', 'user_invalid_token');
        this.links.delete(body.userId);
        return { status: 201, body: { $id: 's1', userId: body.userId, expire: new Date().toISOString() } };
      }
      case 'GET /v1/account':
        return { status: 200, body: this.sessionUser() };
      case 'POST /v1/account/jwts':
        return { status: 201, body: { jwt: 'header.payload.signature' } };
      case 'POST /api/users/check-username':
        return ok(this.check(body.username));
      case 'GET /api/users/me':
        return ok(this.profile);
      case 'PATCH /api/users/me': {
        if (body.username && this.taken.has(body.username.toLowerCase()))
          return {
            status: 409,
            body: { success: false, error: 'This username is already taken', code: 'CONFLICT' },
          };
        this.profile = { ...this.profile, ...body };
        return ok(this.profile);
      }
      case 'GET /api/users/me/sessions':
        return ok(this.sessions);
      case 'POST /api/users/me/plan/upgrade':
        return {
          status: 409,
          body: {
            success: false,
            error: UPGRADE_BY_OPERATOR_MESSAGE,
            code: 'CONFLICT',
          },
        };
    }
    const ended = /^\/api\/users\/me\/sessions\/(.+)$/.exec(path);
    if (method === 'DELETE' && ended) {
      this.sessions = this.sessions.filter((session) => session.id !== ended[1]);
      return ok(null);
    }
    return { status: 404, body: { success: false, error: 'Not found', code: 'NOT_FOUND' } };
  }

  private check(username: string): CheckUsernameResponse {
    if (this.taken.has(username.toLowerCase()))
      return { available: false, reason: 'taken', message: 'This username is already taken' };
    return { available: true };
  }
}
