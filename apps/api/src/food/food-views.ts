/**
 * Kept only for tools/bench/http.mjs, which loads `FOOD_VIEW_COLUMNS` from the build's food/food-views.js:
 * the column list lives in food.repository.ts. Delete this file once the benchmark imports
 * ./food/food.repository.js instead.
 */
export { FOOD_VIEW_COLUMNS } from './food.repository';
