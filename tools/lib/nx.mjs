// How the tools invoke Nx. Only node: imports.
import path from 'node:path';
import { repoRoot } from './install.mjs';

// The local binary rather than npx, so a broken install fails loudly instead of npx fetching nx.
export const nxBinary = path.join(repoRoot, 'node_modules/.bin/nx');

/** Environment for Nx: never Nx Cloud, and no daemon lingering after our scripts exit. */
export function nxEnv(extra = {}) {
  return { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', ...extra };
}
