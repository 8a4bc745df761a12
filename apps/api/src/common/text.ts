/** Text rules live in the contracts, beside the shapes that apply them. */
export { isStorableText } from '@food-link/contracts';
