import { lazyView } from '../../components/lazy-view';

/**
 * The add-food form, for a new listing (the dashboard's Add Donation) and a card's Edit: fetched when first
 * shown, or once the dashboard knows the member may list, so the first cards do not wait for the form's
 * code and its checks (zod's shapes among them; issue 30).
 */
export const AddFoodForm = lazyView(() => import('./add-food-form').then((m) => m.AddFoodForm));
