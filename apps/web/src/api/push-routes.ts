/**
 * The push routes alone, for signing out (sign-out/use-sign-out.ts), which loads them only in a browser
 * subscribed to push: they are declared beside the push shapes, which the landing page does without.
 */
export { PUSH_ROUTES } from '@food-link/contracts';
