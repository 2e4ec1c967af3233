import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { can, ROLES } from '@outpost/contracts';
import { MailerService } from '../../identity';
import { NetworkMember } from '../../members';
import { User } from '../../users';
import { alertLinkOf, descriptionOf, headlineOf, type Outgoing, type Sender } from './outgoing';
import { SendFailure } from './http-post';

/** Who manages alerts (owner, admin): an e-mail channel with no addresses reaches them. */
const MANAGERS = ROLES.filter((role) => can(role, 'alerts.manage'));

/** An e-mail per address, through the panel's mail (SMTP, or the outbox without MAIL_URL). */
@Injectable()
export class EmailSender implements Sender {
  constructor(
    private readonly em: EntityManager,
    private readonly mailer: MailerService,
  ) {}

  async send(message: Outgoing): Promise<void> {
    const to = message.channel.emails.length
      ? message.channel.emails
      : await this.managersOf(message.networkId);
    if (to.length === 0) throw new SendFailure('no address to send to', true);
    const headline = headlineOf(message);
    const link = alertLinkOf(message);
    const text = `${headline}\n\n${descriptionOf(message)}\n\n${link}\n`;
    const html = `<p><strong>${escape(headline)}</strong></p><p>${escape(descriptionOf(message))}</p><p><a href="${escape(link)}">${escape(link)}</a></p>`;
    for (const address of to) {
      try {
        await this.mailer.send({ to: address, subject: `[${message.networkName}] ${headline}`, text, html });
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        throw new SendFailure(cause instanceof Error ? cause.message : (error as Error).message);
      }
    }
  }

  private async managersOf(networkId: string): Promise<string[]> {
    const em = this.em.fork();
    const members = await em.find(
      NetworkMember,
      { networkId, role: { $in: [...MANAGERS] } },
      { fields: ['userId'] },
    );
    if (members.length === 0) return [];
    const users = await em.find(User, { id: { $in: members.map((m) => m.userId) } }, { fields: ['email'] });
    return users.map((user) => user.email);
  }
}

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
