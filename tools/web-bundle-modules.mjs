// `node tools/web-bundle-modules.mjs [chunk]`: which modules fill a chunk of the web build (default: the
// landing page's entry), from its source map. Each module's generated code is gathered from the map's
// segments and gzipped on its own, so the figures add up to more than the chunk's gzip (shared context is
// lost) but rank the modules fairly. Packages are summed per package. Run after `npm run build`.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';

const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');
const html = readFileSync(path.join(assets, '../index.html'), 'utf8');
const wanted = process.argv[2] ?? html.match(/src="\/assets\/([^"]+\.js)"/)[1];
const file = readdirSync(assets).find((name) => name === wanted || (name.startsWith(wanted) && name.endsWith('.js')));
if (!file) throw new Error(`No chunk named ${wanted} in ${assets}`);

const lines = readFileSync(path.join(assets, file), 'utf8').split('\n');
const map = JSON.parse(readFileSync(path.join(assets, `${file}.map`), 'utf8'));
const code = new Map();
decode(map.mappings).forEach((segments, line) => {
  segments.forEach((segment, index) => {
    const end = index + 1 < segments.length ? segments[index + 1][0] : lines[line].length;
    const source = segment.length > 1 ? map.sources[segment[1]] : '(bundler)';
    const module = source.includes('node_modules/')
      ? source.replace(/.*node_modules\/((?:@[^/]+\/)?[^/]+).*/, '$1')
      : source.replace(/^(\.\.\/)+/, '');
    code.set(module, (code.get(module) ?? '') + lines[line].slice(segment[0], end));
  });
});
const rows = [...code].map(([module, text]) => ({ module, raw: text.length, gzip: gzipSync(text, { level: 9 }).length }));
console.log(`${file}: bytes and gzip -9 per module, largest first`);
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`${String(row.raw).padStart(8)} ${String(row.gzip).padStart(7)}  ${row.module}`);
