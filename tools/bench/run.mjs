// `npm run bench [-- part ...]`: runs the benchmarks one after another (never in parallel: on a 2-core
// machine they would measure each other). Parts: http, claims, live, fanout, crowd, saturation, notifications, messaging, web, schedules. Each part is also
// runnable alone (`node tools/bench/<part>.mjs`); BENCH_QUICK=1 shortens every part for a smoke run.
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const PARTS = ['http', 'claims', 'live', 'fanout', 'crowd', 'saturation', 'notifications', 'messaging', 'web', 'schedules'];
const chosen = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = chosen.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const part of chosen.length > 0 ? chosen : PARTS) {
  const started = Date.now();
  console.log(`\n=== ${part} ===`);
  try {
    const { run } = await import(pathToFileURL(path.join(import.meta.dirname, `${part}.mjs`)).href);
    await run();
    console.log(`=== ${part} finished in ${Math.round((Date.now() - started) / 1000)} s ===`);
  } catch (error) {
    failed = true;
    console.error(`=== ${part} failed: ${error.stack ?? error} ===`);
  }
}
process.exit(failed ? 1 : 0);
