import { ApiProperty } from '@nestjs/swagger';
import type { User } from '../users';
import type { IssuedToken } from './magic-links.service';
import type { Session } from './session.entity';

// Appwrite's response models (Account, Token, Session, JWT), the subset a client reads.

export class AppwriteAccount {
  @ApiProperty() $id!: string;
  @ApiProperty() $createdAt!: string;
  @ApiProperty() $updatedAt!: string;
  @ApiProperty() name!: string;
  @ApiProperty() registration!: string;
  @ApiProperty() status!: boolean;
  @ApiProperty({ type: [String] }) labels!: string[];
  @ApiProperty() passwordUpdate!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiProperty() emailVerification!: boolean;
  @ApiProperty() phoneVerification!: boolean;
  @ApiProperty() mfa!: boolean;
  @ApiProperty({ type: Object }) prefs!: Record<string, unknown>;
  @ApiProperty({ type: [Object] }) targets!: unknown[];
  @ApiProperty() accessedAt!: string;
}

export class AppwriteToken {
  @ApiProperty() $id!: string;
  @ApiProperty() $createdAt!: string;
  @ApiProperty() userId!: string;
  @ApiProperty({ description: 'Always empty: the secret only travels in the e-mail' }) secret!: string;
  @ApiProperty() expire!: string;
  @ApiProperty() phrase!: string;
}

export class AppwriteSession {
  @ApiProperty() $id!: string;
  @ApiProperty() $createdAt!: string;
  @ApiProperty() $updatedAt!: string;
  @ApiProperty() userId!: string;
  @ApiProperty() expire!: string;
  @ApiProperty({ example: 'magic-url' }) provider!: string;
  @ApiProperty() providerUid!: string;
  @ApiProperty() providerAccessToken!: string;
  @ApiProperty() providerAccessTokenExpiry!: string;
  @ApiProperty() providerRefreshToken!: string;
  @ApiProperty() ip!: string;
  @ApiProperty() current!: boolean;
  @ApiProperty({ type: [String] }) factors!: string[];
  @ApiProperty({ description: 'Always empty: the session secret is only in the httpOnly cookie' })
  secret!: string;
  @ApiProperty() mfaUpdatedAt!: string;
}

export class AppwriteJwt {
  @ApiProperty({ description: 'HS256, valid 15 minutes, bound to the session' }) jwt!: string;
}

export class AppwriteErrorModel {
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'The HTTP status' }) code!: number;
  @ApiProperty({ example: 'general_argument_invalid' }) type!: string;
}

export const toAppwriteAccount = (user: User): AppwriteAccount => ({
  $id: user.id,
  $createdAt: user.createdAt.toISOString(),
  $updatedAt: user.updatedAt.toISOString(),
  name: user.name,
  registration: user.createdAt.toISOString(),
  status: true,
  labels: [],
  passwordUpdate: '',
  email: user.email,
  phone: '',
  emailVerification: user.emailVerified,
  phoneVerification: false,
  mfa: false,
  prefs: {},
  targets: [],
  accessedAt: (user.lastSeenAt ?? user.updatedAt).toISOString(),
});

export const toAppwriteToken = (token: IssuedToken): AppwriteToken => ({
  $id: token.id,
  $createdAt: token.createdAt.toISOString(),
  userId: token.userId,
  secret: '',
  expire: token.expiresAt.toISOString(),
  phrase: '',
});

export const toAppwriteSession = (session: Session, current: boolean): AppwriteSession => ({
  $id: session.id,
  $createdAt: session.createdAt.toISOString(),
  $updatedAt: (session.lastUsedAt ?? session.createdAt).toISOString(),
  userId: session.userId,
  expire: session.expiresAt.toISOString(),
  provider: session.provider === 'oauth2' ? (session.providerName ?? 'oauth2') : session.provider,
  providerUid: '',
  providerAccessToken: '',
  providerAccessTokenExpiry: '',
  providerRefreshToken: '',
  ip: session.ip ?? '',
  current,
  factors: [session.provider === 'magic-url' ? 'email' : session.provider],
  secret: '',
  mfaUpdatedAt: '',
});
