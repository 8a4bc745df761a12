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

export async function ensureDependencies({ log = console.log } = {}) {
  if (!installIsStale()) return;
  log('installing dependencies (npm ci)');
  const code = await run('npm', ['ci'], { cwd: repoRoot });
  if (code !== 0) throw new Error(`npm ci failed with exit code ${code}`);
}
