import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * One writer per table (docs/CONTRIBUTING.md, "Reaching the database"): each table the API writes has an
 * owner, the repository that holds its INSERT, UPDATE and DELETE statements (in a CTE too); every other
 * module calls the owner's service. This test reads every repository's string and template literals and
 * fails when one writes a table it does not own, or a table nobody owns.
 */
const SRC = process.env.FOODLINK_API_SRC as string;

/**
 * Table → the repositories that may write it (paths relative to src). The listings and the claims have
 * one writer each; a few tables of personal data are also erased by the account deletion (account.repository.ts,
 * one transaction with the anonymisation), and the claim stores its Idempotency-Key answer in its own one
 * statement (requests.repository.ts; docs/CONTRIBUTING.md, "Keep round trips").
 */
export const TABLE_OWNERS: Record<string, readonly string[]> = {
  food_items: ['listings/food.repository.ts'],
  pickup_requests: ['handover/requests.repository.ts'],
  users: ['auth/users.repository.ts'],
  charities: ['auth/charities.repository.ts'],
  food_photos: ['photos/photos.repository.ts'],
  organisations: ['auth/organisations.repository.ts'],
  organisation_members: ['auth/organisations.repository.ts'],
  organisation_invitations: ['auth/organisations.repository.ts'],
  // The claim's one statement records its `claimed` entry itself (docs/ORGANISATIONS.md).
  organisation_activity: ['auth/organisations.repository.ts', 'handover/requests.repository.ts'],
  pickup_points: ['pickup-points/pickup-points.repository.ts'],
  schedules: ['schedules/schedules.repository.ts'],
  schedule_occurrences: ['schedules/schedules.repository.ts'],
  hijri_shifts: ['schedules/hijri-shifts.repository.ts'],
  heat_overrides: ['food/heat-overrides.repository.ts'],
  outbox_events: ['outbox/outbox.repository.ts'],
  impact_stats: ['stats/stats.repository.ts'],
  impact_charities: ['stats/stats.repository.ts'],
  impact_donations: ['stats/stats.repository.ts'],
  impact_rollups: ['stats/stats.repository.ts'],
  processed_events: ['stats/stats.repository.ts'],
  realtime_instances: ['realtime/live-instances.repository.ts'],
  verification_audit: ['verification/verification.repository.ts', 'moderation/moderation.repository.ts'],
  notifications: ['notifications/notifications.repository.ts', 'account/account.repository.ts'],
  notification_preferences: ['notifications/notifications.repository.ts', 'account/account.repository.ts'],
  charity_profiles: ['notifications/charity-profiles.repository.ts', 'account/account.repository.ts'],
  push_subscriptions: ['push/push.repository.ts', 'account/account.repository.ts'],
  donor_partners: ['partners/partners.repository.ts', 'account/account.repository.ts'],
  password_resets: ['auth/password-resets.repository.ts', 'account/account.repository.ts'],
  idempotency_keys: ['idempotency/idempotency.repository.ts', 'handover/requests.repository.ts', 'account/account.repository.ts'],
  messaging_phones: ['messaging/messaging.repository.ts', 'account/account.repository.ts'],
  messaging_code_sends: ['messaging/messaging.repository.ts', 'account/account.repository.ts'],
  messaging_messages: ['messaging/messaging.repository.ts', 'account/account.repository.ts'],
  volunteer_profiles: ['transport/transport.repository.ts', 'account/account.repository.ts'],
  transport_offers: ['transport/transport.repository.ts'],
  request_trips: ['transport/transport.repository.ts'],
  trip_orders: ['transport/transport.repository.ts', 'account/account.repository.ts'],
};

/** A write and its table: `INSERT INTO t`, `UPDATE t [AS a] SET` (`UPDATE ONLY t` too), `DELETE FROM t`. */
const WRITE = /\b(?:INSERT\s+INTO|UPDATE(?:\s+ONLY)?|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)\b/g;
const UPDATE_NEEDS_SET = /^UPDATE(?:\s+ONLY)?\s+[a-z_][a-z0-9_]*(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?\s+SET\b/;

/** The tables each statement in `source` writes, as `line: table`. */
export function writesIn(source: string, fileName = 'file.ts'): { line: number; table: string }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: { line: number; table: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      for (const match of node.text.matchAll(WRITE)) {
        const statement = node.text.slice(match.index);
        // An UPDATE is a write only with its SET: `ON CONFLICT ... DO UPDATE SET` names no table, and words
        // such as "update the item" in a message are not statements.
        if (match[0].startsWith('UPDATE') && !UPDATE_NEEDS_SET.test(statement)) continue;
        found.push({ line: start + node.text.slice(0, match.index).split('\n').length - 1, table: match[1] });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function repositories(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : repositories(path);
    return entry.name.endsWith('.repository.ts') ? [path] : [];
  });
}

/** Every write of a table by a repository that does not own it, as `file:line writes table`. */
function trespasses(): string[] {
  return repositories(SRC).flatMap((path) => {
    const name = relative(SRC, path).split(sep).join('/');
    return writesIn(readFileSync(path, 'utf8'), name)
      .filter(({ table }) => !(TABLE_OWNERS[table] ?? []).includes(name))
      .map(({ line, table }) => `${name}:${line} writes ${table} (owner: ${(TABLE_OWNERS[table] ?? ['none']).join(', ')})`);
  });
}

describe('one writer per table', () => {
  it('finds writes in strings, templates and CTEs, and leaves reads and words alone', () => {
    expect(writesIn('const q = `INSERT INTO pickup_requests (food_id) VALUES ($1)`;')).toEqual([{ line: 1, table: 'pickup_requests' }]);
    expect(writesIn("db.query('UPDATE food_items f SET status = $2 WHERE id = $1');")).toEqual([{ line: 1, table: 'food_items' }]);
    expect(writesIn("db.query('UPDATE charities AS c SET account_suspended = true');")).toEqual([{ line: 1, table: 'charities' }]);
    expect(writesIn('const x = `WITH a AS (\n  SELECT 1\n), gone AS (\n  DELETE FROM donor_partners WHERE donor_id = $1\n) SELECT 1`;')).toEqual([
      { line: 4, table: 'donor_partners' },
    ]);
    expect(writesIn('const x = `WITH claimed AS (${part}), r AS (\n  UPDATE pickup_requests SET status = 1)`;')).toEqual([{ line: 2, table: 'pickup_requests' }]);
    expect(writesIn(`const q = 'SELECT id FROM food_items f JOIN users u ON u.id = f.donor_id FOR UPDATE OF f';`)).toEqual([]);
    expect(writesIn(`const q = 'INSERT INTO users (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET name = $2';`)).toEqual([{ line: 1, table: 'users' }]);
    expect(writesIn(`throw new Error('Cannot update food items'); // UPDATE food_items SET x = 1`)).toEqual([]);
  });

  it('gives food_items, pickup_requests and users one writer each', () => {
    for (const table of ['food_items', 'pickup_requests', 'users']) expect(TABLE_OWNERS[table]).toHaveLength(1);
    const writers = (table: string) =>
      repositories(SRC)
        .map((path) => relative(SRC, path).split(sep).join('/'))
        .filter((name) => writesIn(readFileSync(join(SRC, name), 'utf8')).some((write) => write.table === table));
    expect(writers('food_items')).toEqual(['listings/food.repository.ts']);
    expect(writers('pickup_requests')).toEqual(['handover/requests.repository.ts']);
    expect(writers('users')).toEqual(['auth/users.repository.ts']);
  });

  it('has every repository write only the tables it owns', () => {
    expect(trespasses()).toEqual([]);
  });
});
