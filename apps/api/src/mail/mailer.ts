import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { OpsMailItem, OpsMailMessage } from '@food-link/contracts';
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

/** An .eml written to DATA_DIR/mail because no SMTP server is configured (the operator console lists them). */
export type OutboxMail = OpsMailItem;

/** What is kept beside each .eml (`<file>.json`): the listing's fields, decoded, and the plain-text body. */
type OutboxSummary = OutboxMail & { text?: string };

/**
 * Whether the SMTP server refused a message for good (a 5xx answer: no such mailbox): sending it again
 * would be refused alike, so a job fails at once (UnrecoverableError) rather than retrying for hours.
 */
export function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return code !== undefined && code >= 500 && code < 600;
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
    // The headers and body as sent are MIME-encoded (Arabic subjects, quoted-printable lines that break a
    // link in two); the console reads this plain copy instead.
    const summary: OutboxSummary = { file, to: message.to, subject: message.subject, date: new Date().toISOString(), text: message.text };
    await writeFile(join(this.outboxDir, `${file}.json`), JSON.stringify(summary), { mode: 0o600 });
    this.logger.log(`No SMTP_URL: e-mail to ${message.to} written to ${file}`);
    return { messageId: String(info.messageId), file };
  }

  /** The raw message of one outbox file (for the operator console), or null when there is none by that name. */
  private async outboxMessage(file: string): Promise<string | null> {
    if (!this.outboxDir || !/^[\w.-]+\.eml$/.test(file)) return null;
    return readFile(join(this.outboxDir, file), 'utf8').catch(() => null);
  }

  /** One outbox message for the operator console: its listing fields, plain-text body and raw message; null when there is none. */
  async outboxEntry(file: string): Promise<OpsMailMessage | null> {
    const raw = await this.outboxMessage(file);
    const summary = raw === null ? null : await this.summary(file);
    if (raw === null || !summary) return null;
    const { text = '', ...item } = summary;
    return { ...item, text, raw };
  }

  /** The development outbox, newest first (empty when SMTP is configured). */
  async outbox(limit = 100): Promise<OutboxMail[]> {
    if (!this.outboxDir) return [];
    const files = await readdir(this.outboxDir).catch(() => [] as string[]);
    const newest = files.filter((file) => file.endsWith('.eml')).sort().reverse().slice(0, limit);
    const summaries = await Promise.all(newest.map((file) => this.summary(file)));
    return summaries.filter((summary) => summary !== null).map(({ file, to, subject, date }) => ({ file, to, subject, date }));
  }

  /** The summary kept beside an .eml, or null (none, or half-written while the listing read it). */
  private async summary(file: string): Promise<OutboxSummary | null> {
    if (!this.outboxDir) return null;
    try {
      return JSON.parse(await readFile(join(this.outboxDir, `${file}.json`), 'utf8')) as OutboxSummary;
    } catch {
      return null;
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
