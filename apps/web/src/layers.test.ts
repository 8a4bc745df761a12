import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers, top to bottom (docs/STYLE.md, "Structure"). A file may import from its own folder
 * and from any layer below its own, never from a layer above it nor from another folder of its own layer:
 * pages import downwards only, and nothing below imports pages or the app shell.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['app'], // the app shell: the router and the providers, and the entry beside it (main.tsx)
  ['pages'], // the screens, one folder per area (they may use each other's parts)
  ['components'], // shared parts of screens and their hooks
  ['sign-out'], // signing out, and the suspension that signs a user out
  ['live', 'push'], // the socket hub and its cache updates; this browser's Web Push subscription
  ['api', 'i18n'], // fetchers and query keys; texts, languages and formats
  ['session'], // the stored session, read by everything above
];

const src = import.meta.dirname;

function rankOf(folder: string): number {
  return LAYERS.findIndex((layer) => layer.includes(folder));
}

/** The top folder of `src` a path is in (`app` for the files beside it: the entry), or null outside `src`. */
function folderOf(file: string): string | null {
  const relative = path.relative(src, file);
  if (relative.startsWith('..')) return null;
  const parts = relative.split(path.sep);
  return parts.length === 1 ? 'app' : parts[0];
}

/**
 * Test files and test/ (the shared helpers render whole screens through the app's providers) are
 * exempt: a test may put together whatever it tests.
 */
function shippedSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && dir === src ? [] : shippedSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every relative import of a file (static, type-only, re-exports and `import()`), as a folder of src. */
function importedFolders(file: string, text: string): { specifier: string; folder: string }[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const folder = folderOf(path.resolve(path.dirname(file), specifier));
      return folder === null ? [] : [{ specifier, folder }];
    });
}

/** The imports of `file` (whose source is `text`) that break the layering, as `file -> specifier` lines. */
function layerViolations(file: string, text = readFileSync(file, 'utf8')): string[] {
  const own = folderOf(file) ?? '';
  const rank = rankOf(own);
  return importedFolders(file, text)
    .filter(({ folder }) => {
      if (folder === own) return false;
      const target = rankOf(folder);
      return rank === -1 || target === -1 || target <= rank;
    })
    .map(({ specifier }) => `${path.relative(src, file)} -> ${specifier}`);
}

describe('web layering', () => {
  it('places every folder of src in a layer', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'test')
      .map((entry) => entry.name);
    expect(folders.filter((folder) => rankOf(folder) === -1)).toEqual([]);
  });

  it('has every file import only its own folder and the layers below it', () => {
    const files = shippedSources(src);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => layerViolations(file))).toEqual([]);
  });

  it('reports imports of upper layers and of peers, and allows the layers below', () => {
    const file = path.join(src, 'live', 'example.ts');
    const text = [
      "import { routes } from '../app/router';",
      "export { TopBar } from '../components/top-bar';",
      "const page = () => import('../pages/not-found-page');",
      "import type { PushDeviceState } from '../push/web-push';",
      "import { api } from '../api/client';",
      "import { readSession } from '../session/session';",
      "import { LiveHub } from './live-hub';",
    ].join('\n');
    expect(layerViolations(file, text)).toEqual([
      'live/example.ts -> ../app/router',
      'live/example.ts -> ../components/top-bar',
      'live/example.ts -> ../pages/not-found-page',
      'live/example.ts -> ../push/web-push',
    ]);
  });
});
