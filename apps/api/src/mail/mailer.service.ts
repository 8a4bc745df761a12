import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';

/** One e-mail: plain text always (every client shows it), HTML optionally. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `ar` or `en`: sets Content-Language (and the HTML's dir is the template's business). */
  language?: 'ar' | 'en';
}

/** Where a message went: the SMTP server's message id, or the file it was written to (no SMTP_URL). */
export interface MailReceipt {
  messageId: string;
  file?: string;
}

/** An .eml written to DATA_DIR/mail because no SMTP server is configured. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  date: string;
}

/** How long one SMTP attempt may take before it counts as failed (the caller's job retries it). */
const SMTP_TIMEOUT_MS = 15_000;

/** Connections kept open to the SMTP server at most (nodemailer's pool). */
const SMTP_CONNECTIONS = 5;

/**
 * Sends e-mail over SMTP (nodemailer, SMTP_URL) or, with no SMTP server configured, writes each message
 * as an .eml file under DATA_DIR/mail so that development needs nothing more; the operator console lists
 * them. Failures throw: callers send from a job, which retries with backoff, so an SMTP server that is
 * away delays mail without losing it.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter;
  readonly outboxDir: string | null;

  constructor(private readonly config: AppConfig) {
    if (config.SMTP_URL) {
      // Pooled: a burst of notifications reuses a few open connections instead of a handshake per message.
      this.transport = createTransport({
        url: config.SMTP_URL,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      });
      this.outboxDir = null;
    } else {
      // nodemailer builds the full RFC 5322 message; we keep it instead of sending it.
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.outboxDir = join(config.DATA_DIR, 'mail');
    }
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    const info = await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.language ? { 'Content-Language': message.language } : undefined,
    });
    if (!this.outboxDir) return { messageId: String(info.messageId) };
    await mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    await writeFile(join(this.outboxDir, file), (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    // The headers as sent are MIME-encoded (Arabic subjects); the listing reads this plain copy instead.
    const summary: OutboxMail = { file, to: message.to, subject: message.subject, date: new Date().toISOString() };
    await writeFile(join(this.outboxDir, `${file}.json`), JSON.stringify(summary), { mode: 0o600 });
    this.logger.log(`No SMTP_URL: e-mail to ${message.to} written to ${file}`);
    return { messageId: String(info.messageId), file };
  }

  /** The raw message of one outbox file (for the operator console), or null when there is none by that name. */
  async outboxMessage(file: string): Promise<string | null> {
    if (!this.outboxDir || !/^[\w.-]+\.eml$/.test(file)) return null;
    return readFile(join(this.outboxDir, file), 'utf8').catch(() => null);
  }

  /** The development outbox, newest first (empty when SMTP is configured). */
  async outbox(limit = 100): Promise<OutboxMail[]> {
    if (!this.outboxDir) return [];
    const files = await readdir(this.outboxDir).catch(() => [] as string[]);
    const newest = files.filter((file) => file.endsWith('.eml')).sort().reverse().slice(0, limit);
    const dir = this.outboxDir;
    return Promise.all(newest.map(async (file) => JSON.parse(await readFile(join(dir, `${file}.json`), 'utf8')) as OutboxMail));
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
