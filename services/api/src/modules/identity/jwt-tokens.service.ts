import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { InjectConfig, type AppConfig } from '../../core/config';
import { loadJwtSecret } from './secrets';

/** 15 minutes: the shell renews its token before then. */
export const JWT_TTL_SECONDS = 15 * 60;
/** Only this algorithm is accepted: a token claiming `none` or RS256 is refused. */
export const JWT_ALGORITHMS = ['HS256'] as const;
export const JWT_AUDIENCE = 'outpost-api';

/** What our JWTs carry: the user and the session they are bound to. */
export type JwtClaims = { sub: string; sid: string };

@Injectable()
export class JwtTokensService {
  readonly secret: string;
  /**
   * The HMAC key, made once: given the secret as a string, jsonwebtoken would first try to read it
   * as a PEM public key and then build a key from it on every verification.
   */
  readonly key: KeyObject;
  private readonly jwt: JwtService;

  constructor(@InjectConfig() config: AppConfig) {
    this.secret = loadJwtSecret(config.identity.jwtSecret, config.dataDir);
    this.key = createSecretKey(Buffer.from(this.secret));
    this.jwt = new JwtService({
      secret: this.key,
      signOptions: { algorithm: 'HS256', expiresIn: JWT_TTL_SECONDS, audience: JWT_AUDIENCE },
      verifyOptions: { algorithms: [...JWT_ALGORITHMS], audience: JWT_AUDIENCE },
    });
  }

  sign(userId: string, sessionId: string): string {
    const claims: JwtClaims = { sub: userId, sid: sessionId };
    return this.jwt.sign(claims);
  }

  /** The claims of a valid token, or null (bad signature, expired, wrong algorithm). */
  verify(token: string): JwtClaims | null {
    try {
      const claims = this.jwt.verify<JwtClaims>(token);
      return typeof claims.sub === 'string' && typeof claims.sid === 'string' ? claims : null;
    } catch {
      return null;
    }
  }
}
