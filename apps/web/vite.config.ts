/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url));
const reactRouterProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));
const api = process.env.FOODLINK_API_URL ?? 'http://localhost:3000';

// Chunks for a phone on a slow network (issue 30; docs/PERFORMANCE.md). The app is served over HTTP/1.1 (six
// connections per host), so every file a screen waits for costs a share of a round trip: left to itself,
// the bundler gave the board 33 files and the donor dashboard 34 (one per text namespace, contracts module
// and small shared component). The groups below give each 6 to 8 files.
//
// Every module the landing page loads before its first render goes in its one chunk (the tag `$initial`:
// what the entry imports statically), first, so no later group can take one of them into a chunk the
// landing page would then wait for as well.
const texts = (names: string[]) => new RegExp(String.raw`apps/web/src/i18n/resources/(${names.join('|')})\.ts$`);
/** The texts both signed-in areas show first (their pages add them with `addScreenTexts`). */
const AREA_TEXTS = texts(['listing', 'map', 'messages', 'org', 'push', 'verification']);
const CHARITY_TEXTS = texts(['charity', 'impact', 'notifications']);
const DONOR_TEXTS = texts(['donor', 'moderation']);
// `auth` stays a chunk of its own: the sign-in and sign-up pages, on the way to both areas, need it alone.
/**
 * The code both areas' first renders share (the cards' parts, the top of the page, the notices' calls),
 * zod-free; a part of the areas shown later (lazyView) stays out of it, and so must any module that
 * imports zod's shapes (a group takes its modules' imports with them).
 */
const AREAS = new RegExp(
  [
    String.raw`apps/web/src/components/(status-badge|skeleton-cards|notification-bell|use-notifications|home-link|use-org|use-account-id|email-address|confirm-dialog|phone-links|welcome-notice|lazy-view|map/use-map-engine)\.tsx?$`,
    String.raw`apps/web/src/(i18n/(use-screen-texts|server-message|format-time)|session/use-charity-name|sign-out/use-suspension-watch|api/(org-endpoints|verification-endpoints|api-blob))\.tsx?$`,
    String.raw`apps/web/src/pages/listing/(?!listing-page)[^/]+\.tsx?$`,
    String.raw`apps/web/src/pages/charity/food-fields\.tsx$`,
    String.raw`apps/web/src/live/(live-cache-sync|cache-updates)\.tsx?$`,
    String.raw`libs/contracts/src/(domain|dates|suspension|places|food-safety|verification-constants|organisations-constants|capacity)\.ts$`,
    String.raw`node_modules/@tanstack/(query-core|react-query)/`,
  ].join('|'),
);

/** Files worth compressing (source maps are left alone: only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every compressible file of
 * the build, once, so that whoever serves dist/ (the API's static serving with `preCompressed`, or nginx's
 * gzip_static) sends them without compressing per request. Small files, and copies that would not be
 * smaller, are skipped; those are served as they are.
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gzipFile = promisify(gzip);
  return {
    name: 'food-link:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
            }),
            gzipFile(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The screens whose code is fetched with the page (routePreload), by path and by their module in the router. */
const PRELOADED_ROUTES: Record<string, string> = {
  '/FoodDonationApp': 'src/pages/charity/charity-area-page.tsx',
  '/DonerDashboard': 'src/pages/donor/donor-dashboard-page.tsx',
};

/**
 * Fetches a signed-in screen's code beside the entry, not after it (issue 30). The entry (the landing
 * page's one chunk) is what every path loads first, and only once it has arrived and run does the router
 * ask for the screen's chunks: on a slow phone the network sits idle while the entry runs. This writes a
 * tiny script, loaded before the entry, that adds `<link rel="modulepreload">` for the chunks of the path
 * being opened (the page's chunk and the chunks it imports, less the entry's), so they download while the
 * entry does and runs. The script is named by its content, which names the chunks, so a cached copy never
 * points at another build's files.
 */
function routePreload(): Plugin {
  return {
    name: 'food-link:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string, into = new Set<string>()) => {
        if (!into.has(start)) {
          into.add(start);
          for (const imported of byFile.get(start)?.imports ?? []) closure(imported, into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') return;
      const loaded = closure(entry.fileName);
      const routes = Object.fromEntries(
        Object.entries(PRELOADED_ROUTES).map(([path, module]) => {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/apps/web/${module}`));
          if (!page) throw new Error(`route-preload: no chunk for ${module}`);
          return [path, [...closure(page.fileName)].filter((file) => !loaded.has(file)).map((file) => `/${file}`)];
        }),
      );
      const source =
        `const files=${JSON.stringify(routes)}[location.pathname]??[];` +
        "for(const href of files){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link);}\n";
      const fileName = `assets/route-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      // Before the entry's tag: module scripts run in document order, and this one must run first.
      const tag = `<script type="module" crossorigin src="/${fileName}"></script>\n    `;
      const page = String(html.source);
      const at = page.indexOf(`<script type="module" crossorigin src="/${entry.fileName}"`);
      if (at < 0) throw new Error('route-preload: no entry script in index.html');
      html.source = page.slice(0, at) + tag + page.slice(at);
    },
  };
}

// `npm run dev -w @food-link/web` serves the app with hot reload on :5173 and proxies the API and
// sockets to a running `npm start`. In production the API serves the built app from its own origin.
export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), routePreload(), precompress()],
  resolve: {
    alias: [
      { find: '@food-link/contracts', replacement: contracts },
      // react-router's package exports name only its development build (dev warnings and checks kept);
      // the production build it ships beside it is what the built app loads (issue 30: fewer bytes on the
      // critical path of every route, the landing page's included). Tests and `vite dev` keep the default.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      '^/(api|charityinfo|getrequestid|requeststatus|updaterequeststatus)/': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    sourcemap: true,
    // The contracts only declare constants, types and pure functions. Said so, the bundler may leave the
    // parts a route uses (the ops routes) in that route's chunk without splitting the landing page's
    // entry in two around the contracts' barrel (which costs about 2 KB gzip).
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(contractsDir) },
      // The chunks: see AREAS and the texts' groups above.
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 3 },
            { name: 'area-texts', test: AREA_TEXTS, priority: 2 },
            { name: 'charity-texts', test: CHARITY_TEXTS, priority: 2 },
            { name: 'donor-texts', test: DONOR_TEXTS, priority: 2 },
            { name: 'areas', test: AREAS, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    reporters: ['default', '../../tools/vitest/summary-reporter.ts'],
  },
}));
