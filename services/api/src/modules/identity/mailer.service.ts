import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { InjectConfig, type AppConfig } from '../../core/config';
import { identityErrors } from './identity.errors';

export type Mail = { to: string; subject: string; text: string; html: string };

export const OUTBOX_DIR = 'outbox';

/**
 * Sends mail with nodemailer: through SMTP when MAIL_URL is set; otherwise into the outbox
 * (DATA_DIR/outbox, per message one .eml, one .json and one .txt) so a local install needs no mail
 * server. The .eml is quoted-printable (long lines wrap with `=`), so a link copied from it breaks;
 * the .txt is the text part as written, its links whole.
 */
@Injectable()
export class MailerService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  readonly outboxDir: string | null;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    const { mailUrl } = config.identity;
    this.outboxDir = mailUrl ? null : path.join(config.dataDir, OUTBOX_DIR);
    this.transport = mailUrl
      ? nodemailer.createTransport(mailUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  get usesOutbox(): boolean {
    return this.outboxDir !== null;
  }

  async send(mail: Mail): Promise<void> {
    let info: { messageId: string; message?: unknown };
    try {
      info = (await this.transport.sendMail({ from: this.config.identity.mailFrom, ...mail })) as typeof info;
    } catch (error) {
      this.logger.error(`Sending mail failed: ${(error as Error).message}`);
      throw identityErrors.mailFailed({ cause: error });
    }
    if (!this.outboxDir) return;
    mkdirSync(this.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}`;
    writeFileSync(path.join(this.outboxDir, `${name}.eml`), info.message as Buffer);
    writeFileSync(path.join(this.outboxDir, `${name}.json`), JSON.stringify(mail, null, 2));
    writeFileSync(path.join(this.outboxDir, `${name}.txt`), plainCopy(mail));
  }

  /** Outbox only: the console is where a local operator finds the link. */
  logForOperator(message: string): void {
    if (this.usesOutbox) this.logger.log(message);
  }
}

/** A mail as a person reads it in a text editor: who it is to, its subject, then its text. */
const plainCopy = (mail: Mail): string => `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`;
