/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../../libs/contracts/src/index.ts', import.meta.url));
const contractsDir = fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url));
const api = process.env.FOODLINK_API_URL ?? 'http://localhost:3000';

// `npm run dev -w @food-link/web` serves the app with hot reload on :5173 and proxies the API and
// sockets to a running `npm start`. In production the API serves the built app from its own origin.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@food-link/contracts': contracts } },
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
    rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.startsWith(contractsDir) } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    reporters: ['default', '../../tools/vitest/summary-reporter.ts'],
  },
});
