import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait';

/** A message the test's SMTP server received, parsed. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Content-Language header, when sent. */
  language: string | undefined;
  parsed: ParsedMail;
}

/**
 * A real SMTP server on a random loopback port, for the API to send to (`SMTP_URL`): plain SMTP, no
 * STARTTLS and no authentication, so nodemailer sends in the clear to it. Every message is parsed with
 * mailparser and kept, in arrival order.
 */
export class SmtpInbox {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    /** Every message received, in arrival order. */
    readonly messages: ReceivedMail[],
  ) {}

  static async start(): Promise<SmtpInbox> {
    const messages: ReceivedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((list) => list.value.map(({ address }) => address ?? ''));
            const language = parsed.headers.get('content-language');
            messages.push({
              to,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              language: typeof language === 'string' ? language : undefined,
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    return new SmtpInbox(server, (server.server.address() as AddressInfo).port, messages);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The messages sent to `address` so far. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((message) => message.to.includes(address.toLowerCase()));
  }

  /** Waits until `address` has received `count` messages; returns the last. */
  async waitFor(address: string, count = 1): Promise<ReceivedMail> {
    const received = await waitFor(
      async () => this.to(address),
      (list) => list.length >= count,
      `${count} e-mail(s) to ${address}`,
    );
    return received[count - 1];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
