import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait';

/** A message as the SMTP server received and parsed it, with its envelope recipients. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  language: string | undefined;
  parsed: ParsedMail;
  receivedAt: number;
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package), parsing each message with
 * `mailparser`. It can be stopped and started again on the same port, to see mail survive an outage.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server?: SMTPServer;
  /** Recipients refused with 550 (to make deliveries fail for good). */
  readonly refuse = new Set<string>();

  private constructor(public port: number) {}

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink(0);
    await sink.listen();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Messages to `address` so far. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** Waits until `address` has received `count` messages; returns the last of them. */
  async waitFor(address: string, count = 1): Promise<ReceivedMail> {
    const received = await waitFor(async () => this.to(address), (list) => list.length >= count, `${count} e-mail(s) to ${address}`);
    return received[count - 1];
  }

  async listen(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // stop() drops the connections a pooling client keeps open, as an outage would, rather than
      // waiting for them to go idle (nodemailer's pool keeps one for its 15 s socket timeout).
      closeTimeout: 100,
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address.toLowerCase())) {
          const error = new Error('No such mailbox') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (parsed) => {
            this.received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              language: parsed.headers.get('content-language') as string | undefined,
              parsed,
              receivedAt: Date.now(),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening (the port is kept for `listen()` again). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
