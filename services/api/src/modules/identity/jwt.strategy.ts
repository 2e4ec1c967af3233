import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { JWT_STRATEGY, type AuthUser } from '../../core/auth';
import { JWT_ALGORITHMS, JWT_AUDIENCE, JwtTokensService, type JwtClaims } from './jwt-tokens.service';
import { SessionsService } from './sessions.service';

/**
 * Bearer JWT → request.user, for the global AccessGuard. A token is only as good as its session:
 * ending the session (logout) refuses its tokens at once, before they expire.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    tokens: JwtTokensService,
    private readonly sessions: SessionsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // jsonwebtoken takes the KeyObject as it is; passport-jwt's types only name strings and buffers.
      secretOrKey: tokens.key as unknown as Buffer,
      algorithms: [...JWT_ALGORITHMS],
      audience: JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(claims: JwtClaims): Promise<AuthUser | false> {
    return (await this.sessions.authUser(claims.sid, claims.sub)) ?? false;
  }
}
