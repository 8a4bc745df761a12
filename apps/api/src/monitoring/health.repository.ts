import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The database's side of the readiness check. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Resolves once PostgreSQL has answered a query. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }
}
