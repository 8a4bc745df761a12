import { MIGRATIONS } from '../src/database/data-source-options';
import { UserLanguage1764651480000 } from '../src/database/migrations/1764651480000-user-language';
import { migrationDatabase } from './support/migration-database';

/**
 * Migration 1764651480000 on a database that already has accounts: each takes the language of its saved
 * notification preferences, English without any; new rows default to English; down removes the column.
 */
describe('migration 1764651480000: users.language', () => {
  const { open, create, drop } = migrationDatabase('userlang');

  beforeAll(create);
  afterAll(drop);

  it('gives existing accounts their saved language, else English, and can be undone', async () => {
    const before = await open(MIGRATIONS.filter((migration) => migration !== UserLanguage1764651480000));
    let ids: Record<'arabic' | 'english' | 'unsaved', number>;
    try {
      await before.runMigrations({ transaction: 'all' });
      const insert = async (name: string) =>
        (await before.query<{ id: number }[]>(`INSERT INTO users (name, email, password_hash, user_type) VALUES ($1, $2, 'x', 'charity') RETURNING id`, [name, `${name}@example.eg`]))[0].id;
      ids = { arabic: await insert('arabic'), english: await insert('english'), unsaved: await insert('unsaved') };
      for (const [id, language] of [[ids.arabic, 'ar'], [ids.english, 'en']] as const) {
        await before.query(`INSERT INTO notification_preferences (user_id, language, choices) VALUES ($1, $2, '{}')`, [id, language]);
      }
    } finally {
      await before.destroy();
    }

    const after = await open(MIGRATIONS);
    try {
      expect((await after.runMigrations({ transaction: 'all' })).map((migration) => migration.name)).toEqual(['UserLanguage1764651480000']);
      const rows = await after.query<{ id: number; language: string }[]>(`SELECT id, language FROM users ORDER BY id`);
      expect(rows).toEqual([
        { id: ids.arabic, language: 'ar' },
        { id: ids.english, language: 'en' },
        { id: ids.unsaved, language: 'en' },
      ]);
      const [added] = await after.query<{ language: string }[]>(
        `INSERT INTO users (name, email, password_hash, user_type) VALUES ('later', 'later@example.eg', 'x', 'donor') RETURNING language`,
      );
      expect(added.language).toBe('en');
      await expect(after.query(`UPDATE users SET language = 'fr' WHERE id = $1`, [ids.arabic])).rejects.toThrow(/check constraint/);

      await after.undoLastMigration({ transaction: 'all' });
      const columns = await after.query<{ column_name: string }[]>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'language'`,
      );
      expect(columns).toEqual([]);
    } finally {
      await after.destroy();
    }
  });
});
