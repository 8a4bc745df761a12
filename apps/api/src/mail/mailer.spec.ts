import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { Mailer } from './mailer';

describe('Mailer without SMTP_URL', () => {
  it('writes each message to DATA_DIR/mail as .eml and .json, and lists it newest first', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foodlink-mailer-'));
    const mailer = new Mailer(loadConfig({ DATA_DIR: dataDir }));
    try {
      const first = await mailer.send({ to: 'a@example.eg', subject: 'First', text: 'one' });
      // File names start with the time, to the millisecond: the listing's order.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await mailer.send({ to: 'b@example.eg', subject: 'إعادة تعيين', text: 'اثنان https://x.example/reset-password?token=abc', language: 'ar' });
      const files = readdirSync(join(dataDir, 'mail')).sort();
      expect(files).toEqual([first.file, `${first.file}.json`, second.file, `${second.file}.json`].sort());
      expect(readFileSync(join(dataDir, 'mail', second.file as string), 'utf8')).toContain('Content-Language: ar');

      const listed = await mailer.outbox();
      expect(listed.map(({ to, subject }) => ({ to, subject }))).toEqual([
        { to: 'b@example.eg', subject: 'إعادة تعيين' },
        { to: 'a@example.eg', subject: 'First' },
      ]);
      expect(listed[0]).not.toHaveProperty('text');

      const entry = await mailer.outboxEntry(second.file as string);
      expect(entry).toMatchObject({ to: 'b@example.eg', text: 'اثنان https://x.example/reset-password?token=abc' });
      expect(entry?.raw).toContain('Subject: =?UTF-8?');
      await expect(mailer.outboxEntry('../jwt-secret')).resolves.toBeNull();
      await expect(mailer.outboxEntry('missing.eml')).resolves.toBeNull();
    } finally {
      mailer.onApplicationShutdown();
    }
  });
});
