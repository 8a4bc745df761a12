// What the benchmarks take from libs/contracts instead of copying it: the event types and which of them go
// to the public room. Loaded from the built package (libs/contracts/dist, CommonJS), which `npm run build`
// makes and the API's build needs anyway.
import { createRequire } from 'node:module';

function load() {
  try {
    return createRequire(import.meta.url)('@food-link/contracts');
  } catch (error) {
    if (error.code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error('libs/contracts is not built: run `npm run build` (or `npm start` once) first', { cause: error });
  }
}

const contracts = load();

if (!Array.isArray(contracts.PUBLIC_DOMAIN_EVENT_TYPES)) {
  throw new Error('libs/contracts/dist has no PUBLIC_DOMAIN_EVENT_TYPES (an older build): run `npm run build`');
}

/** Every live domain event type (docs/REALTIME.md). */
export const DOMAIN_EVENT_TYPES = [...contracts.DOMAIN_EVENT_TYPES];
/** The domain event types sent to the `public` room (everyone hears of them); the others reach only the users they concern. */
export const PUBLIC_DOMAIN_EVENT_TYPES = [...contracts.PUBLIC_DOMAIN_EVENT_TYPES];
