import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { encodeHtml } from '@outpost/contracts';
import { InjectConfig, type AppConfig } from '../../core/config';
import { RateLimiter } from '../../core/rate-limit';
import { User, UsersService } from '../users';
import { UNIQUE_ID } from './appwrite-params';
import { identityErrors } from './identity.errors';
import { MagicToken } from './magic-token.entity';
import { MailerService } from './mailer.service';
import { withQuery } from './redirect-urls';
import { hashSecret, randomId, randomSecret } from './secrets';
import { signInLimits, type SignInLimits } from './sign-in-limits';

export type MagicLinkRequest = { userId: string; email: string; url: string; ip: string };
/** What the caller learns: the same whether or not the e-mail belongs to someone. */
export type IssuedToken = { id: string; createdAt: Date; userId: string; expiresAt: Date };

const newUserId = (): string => randomId().slice(0, 20);

@Injectable()
export class MagicLinksService {
  private readonly limits: SignInLimits;

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly mailer: MailerService,
    private readonly limiter: RateLimiter,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.limits = signInLimits(config.identity.signInLimitPerIp);
  }

  async request({ userId, email, url, ip }: MagicLinkRequest): Promise<IssuedToken> {
    await this.limiter.hit(this.limits.magicUrlPerIp, ip);
    await this.limiter.hit(this.limits.magicUrlPerEmail, email);
    const existing = await this.users.findByEmail(email);
    const requestedId = userId === UNIQUE_ID ? newUserId() : userId;
    // A known e-mail signs into its account; an unknown one gets an account when the link is used.
    const targetId = existing?.id ?? ((await this.users.findById(requestedId)) ? newUserId() : requestedId);
    const secret = randomSecret();
    const now = new Date();
    const token = this.em.create(MagicToken, {
      id: randomId(),
      userId: targetId,
      email: existing?.email ?? email.trim().toLowerCase(),
      secretHash: hashSecret(secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.config.identity.magicLinkTtlMinutes * 60_000),
    });
    await this.em.flush();
    const link = withQuery(url, { userId: targetId, secret, expire: token.expiresAt.toISOString() });
    await this.mailer.send(this.mail(email, link));
    this.mailer.logForOperator(`Sign-in link for ${email}: ${link}`);
    return { id: token.id, createdAt: token.createdAt, userId: requestedId, expiresAt: token.expiresAt };
  }

  /** Uses a link once: the user it signs into, created on first use, e-mail now verified. */
  async complete(userId: string, secret: string, ip: string): Promise<User> {
    await this.limiter.hit(this.limits.tokenSessionPerIp, ip);
    await this.limiter.hit(this.limits.tokenSessionPerUser, userId);
    const token = await this.em.findOne(MagicToken, { secretHash: hashSecret(secret), userId });
    const now = new Date();
    if (!token || token.usedAt || token.expiresAt.getTime() <= now.getTime())
      throw identityErrors.invalidToken();
    // Single use even under concurrent requests: only one update finds usedAt still empty.
    const claimed = await this.em.nativeUpdate(MagicToken, { id: token.id, usedAt: null }, { usedAt: now });
    if (claimed === 0) throw identityErrors.invalidToken();
    const user =
      (await this.users.findById(token.userId)) ??
      (await this.users.findByEmail(token.email)) ??
      (await this.users.create(token.email, { id: token.userId, emailVerified: true }));
    await this.users.markEmailVerified(user);
    return user;
  }

  private mail(to: string, link: string) {
    const minutes = this.config.identity.magicLinkTtlMinutes;
    const text =
      `Use this link to sign in to Outpost:\n\n${link}\n\n` +
      `It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.\n`;
    const html =
      `<p>Use this link to sign in to Outpost:</p><p><a href="${encodeHtml(link)}">Sign in to Outpost</a></p>` +
      `<p>It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.</p>`;
    return { to, subject: 'Sign in to Outpost', text, html };
  }
}
