import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The run's SMTP server (smtp-server): the API sends every e-mail to it (SMTP_URL, plain SMTP on
 * loopback, no STARTTLS or authentication), and it writes each message as it arrived to a directory,
 * where scenarios read it (the global setup and the tests are separate module instances, so files are
 * what they share).
 */
export async function startMailCatcher(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        writeFileSync(join(dir, `${Date.now()}-${String(count).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The messages the run's SMTP server has received for `address`, oldest first, parsed with mailparser. */
export async function mailTo(address: string): Promise<ParsedMail[]> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the SMTP server');
  const parsed = await Promise.all(
    readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map((file) => simpleParser(readFileSync(join(dir, file)))),
  );
  return parsed.filter((mail) => {
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return to.some((list) => list.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()));
  });
}

/** Waits (up to 15 s) for the `count`th message to `address`. */
export async function waitForMail(address: string, count = 1): Promise<ParsedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = await mailTo(address);
    if (mails.length >= count) return mails[count - 1];
    if (Date.now() > deadline) throw new Error(`No e-mail number ${count} to ${address} within 15 s (${mails.length} so far)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
