import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Accounts that exist and are not deleted. */
@Injectable()
export class LiveUsersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async exists(userId: number): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
    return rows.length > 0;
  }

  async passwordHash(userId: number): Promise<string | undefined> {
    const [row] = await this.db.query<{ password_hash: string }[]>(
      `SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL`,
      [userId],
    );
    return row?.password_hash;
  }
}
