import { resolve } from 'node:path';

/** The repository root, wherever Jest is started from (this file is apps/e2e/src/support/paths.ts). */
export const repoRoot = resolve(__dirname, '../../../..');

/** Screenshots of every main screen, kept as test artifacts (git-ignored). */
export const screenshotDir = resolve(repoRoot, 'test-results', 'e2e');
