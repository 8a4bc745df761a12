import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TotalCharitiesResponse, TotalMealsResponse } from '@food-link/contracts';
import { DataSource } from 'typeorm';

/** Impact totals: portions handed over in fulfilled donations, and the charities that received them. */
@Injectable()
export class StatsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async totalMeals(): Promise<TotalMealsResponse> {
    const [row] = await this.db.query<{ total: string }[]>(
      `SELECT coalesce(sum(f.quantity), 0) AS total
         FROM pickup_requests r JOIN food_items f ON f.id = r.food_id
        WHERE r.status = 'fulfilled'`,
    );
    return { totalMeals: Number(row.total) };
  }

  async totalCharities(): Promise<TotalCharitiesResponse> {
    const [row] = await this.db.query<{ total: string }[]>(
      `SELECT count(DISTINCT charity_id) AS total FROM pickup_requests WHERE status = 'fulfilled'`,
    );
    return { totalCharities: Number(row.total) };
  }
}
