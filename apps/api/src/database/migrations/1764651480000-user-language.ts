import { LANGUAGES } from '@food-link/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language an account signed up in (the sign-up's `language`, else its Accept-Language, else English):
 * e-mail and push are written in it until the user saves notification preferences with another.
 * Existing accounts take the language of their saved preferences where they have some, English otherwise.
 */
export class UserLanguage1764651480000 implements MigrationInterface {
  name = 'UserLanguage1764651480000';

  async up(db: QueryRunner): Promise<void> {
    const known = LANGUAGES.map((language) => `'${language}'`).join(', ');
    await db.query(`ALTER TABLE users ADD COLUMN language varchar(2) NOT NULL DEFAULT 'en' CHECK (language IN (${known}))`);
    await db.query(`UPDATE users u SET language = p.language FROM notification_preferences p WHERE p.user_id = u.id AND p.language <> 'en'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users DROP COLUMN language`);
  }
}
