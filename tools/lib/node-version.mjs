// The Node.js versions Food Link supports: what every dependency declares in its `engines` (nestjs-pino 5
// and cookie 2 need Node 22; typeorm 1.1 and eslint 10 need 22.13 on that line, or 24.11 and later).
// Keep in step with package.json's engines and the README.
export const SUPPORTED_NODE = '^22.13.0 || >=24.11.0';

function parse(version) {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  return { major, minor, patch };
}

/** True when `version` (process.versions.node by default) is one the dependencies declare support for. */
export function isSupportedNode(version = process.versions.node) {
  const { major, minor } = parse(version);
  return (major === 22 && minor >= 13) || (major === 24 && minor >= 11) || major > 24;
}

/**
 * Says clearly when this Node.js is not a supported one. Before 20.19 (where require(esm) and the APIs
 * the code uses are missing) it refuses to go on; from 20.19 it warns and goes on, since everything
 * is known to run there but npm warns about dependencies that declare Node 22.
 */
export function checkNodeVersion({ log = console.log } = {}) {
  const current = process.versions.node;
  if (isSupportedNode(current)) return;
  const { major, minor } = parse(current);
  const message = `Food Link needs Node.js ${SUPPORTED_NODE}; this is Node.js ${current}. Install a supported version (https://nodejs.org, or \`nvm install 22\`).`;
  if (major < 20 || (major === 20 && minor < 19)) throw new Error(message);
  log(`WARNING: ${message} Going on: it runs on ${current}, but npm warns (EBADENGINE) and it is not supported.`);
}
