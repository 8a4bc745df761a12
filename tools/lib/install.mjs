// Installs dependencies when needed. Only node: imports: this runs before
// node_modules exists on a fresh clone.
import { statSync } from 'node:fs';
import path from 'node:path';
import { run } from './processes.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

function modifiedAt(file) {
  try {
    return statSync(file).mtimeMs;
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/** npm writes node_modules/.package-lock.json after every install, so it is older than package-lock.json exactly when the lock file changed since. */
function installIsStale() {
  const installed = modifiedAt(path.join(repoRoot, 'node_modules', '.package-lock.json'));
  const wanted = modifiedAt(path.join(repoRoot, 'package-lock.json'));
  return installed === null || (wanted !== null && installed < wanted);
}

/**
 * `npm install` rather than `npm ci`: it installs exactly the locked versions all the same, but it also
 * accepts a lock file that lacks other platforms' optional packages (@swc/core-darwin-arm64 and the
 * like). Registry mirrors that carry only this platform's binaries produce such lock files, and
 * `npm ci` refuses them as "out of sync".
 */
export async function ensureDependencies({ log = console.log } = {}) {
  if (!installIsStale()) return;
  log('installing dependencies (npm install, from package-lock.json)');
  const code = await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: repoRoot });
  if (code !== 0) throw new Error(`npm install failed with exit code ${code}`);
}
