// `npm run size:web`: the gzip size of what the landing page loads before its first render (the entry
// script, the modules it preloads and the stylesheet, as index.html references them), and of the
// chunks it loads afterwards. Run after `npm run build`.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const rows = initial.map((file) => ({ file, gzipKb: gzipKb(file) }));
const total = rows.reduce((sum, row) => sum + row.gzipKb, 0);

for (const row of rows) console.log(`${row.gzipKb.toFixed(1).padStart(7)} KB  ${row.file}`);
console.log(`${total.toFixed(1).padStart(7)} KB  landing page before first render (gzip -9)`);

const later = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') && !initial.includes(`assets/${name}`))
  .map((name) => ({ name, gzipKb: gzipKb(`assets/${name}`) }))
  .sort((a, b) => b.gzipKb - a.gzipKb);
console.log('\nLoaded on demand (routes and the socket client):');
for (const chunk of later) console.log(`${chunk.gzipKb.toFixed(1).padStart(7)} KB  assets/${chunk.name}`);
