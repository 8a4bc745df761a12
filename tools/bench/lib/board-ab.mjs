// A/B of GET /api/available between two API builds started side by side on one database (issue 31,
// item 16): `node tools/bench/lib/board-ab.mjs <a/main.js> <b/main.js> [rounds] [seconds]`. Each round
// runs autocannon (50 connections, Accept-Encoding br, gzip) against A then B, alternating, so both see
// the same machine; only the ratios within one run mean anything on a shared machine.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { call, createStack, createUsers, listFood } from './stack.mjs';

const [entryA, entryB] = process.argv.slice(2, 4).map((entry) => path.resolve(entry));
const rounds = Number(process.argv[4] ?? 3);
const seconds = Number(process.argv[5] ?? 5);
const stack = await createStack();
const started = [];
async function start(entry, port) {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...stack.env, ROLE: 'all', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.length > 100_000) output = output.slice(-50_000);
      if (output.includes('listening on http')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${entry} exited ${code}:\n${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}
try {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const a = await start(entryA, port);
  const b = await start(entryB, port + 1);
  const [donor] = await createUsers(a, 'donor', 1);
  const point = await call(`${a}/api/pickup-points`, 'POST', { label: 'Tahrir', governorate: 'EG-C', area: 'Downtown', lat: 30.0478, lng: 31.2386, address_line: '1 Bench Street', contact_name: 'Bench', contact_phone: '01012345678', is_default: true }, donor.token);
  if (!point?.id) throw new Error(JSON.stringify(point));
  await listFood(a, donor, 1000);
  const results = { A: [], B: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, url] of [['A', a], ['B', b]]) {
      await autocannon({ url: `${url}/api/available`, connections: 50, duration: 1, headers: { 'accept-encoding': 'br, gzip' } });
      const result = await autocannon({ url: `${url}/api/available`, connections: 50, duration: seconds, headers: { 'accept-encoding': 'br, gzip' } });
      results[name].push({ rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors });
      console.log(round, name, JSON.stringify(results[name].at(-1)));
    }
  }
  const mean = (list) => Math.round(list.reduce((sum, each) => sum + each.rps, 0) / list.length);
  console.log(`A ${entryA}: ${mean(results.A)} req/s; B ${entryB}: ${mean(results.B)} req/s; B/A ${(mean(results.B) / mean(results.A)).toFixed(2)}`);
} finally {
  for (const child of started) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await stack.close();
}
