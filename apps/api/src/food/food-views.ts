import type { AddedFoodItem, FoodItemView, FoodStatus } from '@food-link/contracts';

/** The columns every food view reads; `status` already reports an unmarked past-date item as expired. */
export const FOOD_VIEW_COLUMNS = `
  f.id, f.donor_id, f.food_name, f.quantity, f.description,
  to_char(f.expiration_date, 'YYYY-MM-DD') AS expiration_date,
  CASE WHEN f.status = 'available' AND f.expiration_date < $1::date THEN 'expired' ELSE f.status::text END AS status`;

export interface FoodRow {
  id: number;
  donor_id: number;
  food_name: string;
  quantity: number;
  description: string;
  expiration_date: string;
  status: FoodStatus;
}

export function publicFoodView(row: FoodRow): FoodItemView {
  return {
    id: row.id,
    food_id: row.id,
    food_name: row.food_name,
    quantity: row.quantity,
    description: row.description,
    expiration_date: row.expiration_date,
    status: row.status,
  };
}

export function ownerFoodView(row: FoodRow): AddedFoodItem {
  return { ...publicFoodView(row), user_id: row.donor_id };
}
