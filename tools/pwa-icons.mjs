// `node tools/pwa-icons.mjs`: draws the installable app's icons (apps/web/public/icons) from the logo
// (apps/web/public/favicon.svg). Run it again when the logo changes and commit what it writes; the
// build only copies them.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '../apps/web/public');
const out = path.join(web, 'icons');
const logo = readFileSync(path.join(web, 'favicon.svg'), 'utf8');
// The logo's drawing without its circle: the leaf and the sun, on a 64-unit square.
const art = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<circle cx="32" cy="32" r="30"[^>]*\/>/, '');
if (art === logo || art.includes('r="30"')) throw new Error('favicon.svg changed shape: update tools/pwa-icons.mjs');

/**
 * Maskable: the platform cuts the icon to its own shape (circle, squircle), so the background fills the
 * square and the drawing keeps inside the middle 80% (the safe zone).
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#15803d"/><g transform="translate(32 32) scale(1.25) translate(-32 -32)">${art}</g></svg>`;
/** Badge: Android shows only its alpha, small, in the status bar: the leaf and the sun as one shape. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="14 14 38 38">${art.replaceAll(/fill="#[0-9a-f]+"/gi, 'fill="#fff"')}</svg>`;

mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-512.png', maskable, 512],
  ['badge-96.png', badge, 96],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(`wrote apps/web/public/icons/${name}`);
}
