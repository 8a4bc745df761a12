/// <reference types="vitest/config" />
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

/** The modules of the landing page's shared chunk: see `codeSplitting` below. */
const SHELL = new RegExp(
  [
    String.raw`node_modules/(react|react-router|i18next|react-i18next)/`,
    String.raw`node_modules/@tanstack/react-query/build/modern/QueryClientProvider`,
    String.raw`vite/preload-helper`,
    String.raw`apps/web/src/(session/(session|use-session|account-suspension)|api/(client|query-keys)|i18n/(i18n|resources/(common|landing))|sign-out/use-sign-out|components/language-switch)\.tsx?$`,
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

// `npm run dev -w @food-link/web` serves the app with hot reload on :5173 and proxies the API and
// sockets to a running `npm start`. In production the API serves the built app from its own origin.
export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
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
      // What every screen shares with the landing page, in one chunk (issue 30). Left to itself, once the
      // board's and the dashboard's views load lazily, the bundler cuts this in six small chunks (react-router
      // alone, use-session, the preload helper...), which costs the landing page over 1 KB gzip and its
      // 150 KB budget (docs/PERFORMANCE.md, 2026-11-27 (issue 30)).
      output: { codeSplitting: { groups: [{ name: 'shell', test: SHELL }] } },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    reporters: ['default', '../../tools/vitest/summary-reporter.ts'],
  },
}));
