import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AREA_NAMESPACES } from './area-texts';

/*
 * The areas' namespaces load on demand (area-texts.ts), added by `useScreenTexts` before a screen first
 * shows: a part that used a namespace its screen had not named would show the texts' keys. So each
 * module loaded on its own (a route's page, a lazy part) names in `useScreenTexts` every namespace that it
 * and the modules it imports statically use (a screen's `lazyView` parts count as its own), and the
 * landing page's entry uses only the namespaces bundled with it.
 */

const src = path.resolve(import.meta.dirname, '..');
const BUNDLED = ['common', 'landing'];

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((file) => existsSync(file)) ?? null;
}

function imports(file: string): { statics: string[]; dynamics: string[] } {
  const text = readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  // A screen's lazy view (components/lazy-view.tsx) shows only inside its screen, which has added the
  // namespaces by then: it counts as a part of the screen, as a static import would.
  const views = new Set([...text.matchAll(/\blazyView\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g)].map((match) => match[1]));
  const dynamic = new Set([...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((match) => match[1]).filter((specifier) => !views.has(specifier)));
  const relative = [...importedFiles.map(({ fileName }) => fileName), ...views].filter((specifier) => specifier.startsWith('.'));
  const resolved = (specifiers: string[]) => specifiers.flatMap((specifier) => resolveModule(file, specifier) ?? []);
  return { statics: resolved(relative.filter((specifier) => !dynamic.has(specifier))), dynamics: resolved([...dynamic].filter((specifier) => specifier.startsWith('.'))) };
}

/** The module and every module it imports statically, with the modules they load lazily. */
function closureOf(root: string): { modules: Set<string>; lazy: Set<string> } {
  const modules = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    const { statics, dynamics } = imports(file);
    for (const next of dynamics) lazy.add(next);
    statics.forEach(visit);
  };
  visit(root);
  return { modules, lazy };
}

/** The namespaces a module's texts come from: `useTranslation('x')` or `(['x', ...])`, `{ ns: 'x' }`, `t('x:key')`, `getFixedT(lng, 'x')`. */
function namespacesUsedBy(text: string): Set<string> {
  const used = new Set<string>();
  for (const [, list] of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) for (const [, ns] of list.matchAll(/'([^']+)'/g)) used.add(ns);
  for (const [, ns] of text.matchAll(/\bns:\s*'([^']+)'/g)) used.add(ns);
  for (const [, ns] of text.matchAll(/\bt\w*\(\s*[`']([a-z]+):/g)) used.add(ns);
  for (const [, ns] of text.matchAll(/getFixedT\([^,()]+,\s*'([^']+)'/g)) used.add(ns);
  return used;
}

function screenTexts(text: string): Set<string> {
  const named = new Set<string>();
  for (const [, list] of text.matchAll(/useScreenTexts\(\s*\[([^\]]*)\]/g)) for (const [, ns] of list.matchAll(/'([^']+)'/g)) named.add(ns);
  return named;
}

/** Per module loaded on its own: the namespaces its closure uses and the screen does not name. */
function unnamedNamespaces(): { roots: string[]; named: Set<string>; missing: Record<string, string[]> } {
  const entry = path.join(src, 'main.tsx');
  const roots = [entry];
  const missing: Record<string, string[]> = {};
  const allNamed = new Set<string>();
  for (let index = 0; index < roots.length; index++) {
    const root = roots[index];
    const { modules, lazy } = closureOf(root);
    for (const next of lazy) if (!roots.includes(next)) roots.push(next);
    const screen = screenTexts(readFileSync(root, 'utf8'));
    screen.forEach((ns) => allNamed.add(ns));
    const named = root === entry ? new Set(BUNDLED) : new Set([...screen, ...BUNDLED]);
    const used = new Set([...modules].flatMap((file) => [...namespacesUsedBy(readFileSync(file, 'utf8'))]));
    const unnamed = [...used].filter((ns) => !named.has(ns)).sort();
    if (unnamed.length > 0) missing[path.relative(src, root)] = unnamed;
  }
  return { roots: roots.map((root) => path.relative(src, root)), named: allNamed, missing };
}

describe('screen texts', () => {
  it('finds the namespaces a module uses, in each way the code names one', () => {
    const text = [
      "const { t } = useTranslation('donor');",
      "const { t: tl } = useTranslation(['listing', 'moderation']);",
      "t('navLink', { ns: 'verification' });",
      "t(`impact:figures.${key}`);",
      "i18next.getFixedT(language, 'charity');",
      "t('plain.key');",
    ].join('\n');
    expect([...namespacesUsedBy(text)].sort()).toEqual(['charity', 'donor', 'impact', 'listing', 'moderation', 'verification']);
  });

  it('has every screen loaded on its own name the namespaces of all its parts, and the entry use only the bundled ones', () => {
    const { roots, named, missing } = unnamedNamespaces();
    expect(roots).toEqual(expect.arrayContaining(['main.tsx', 'pages/donor/donor-dashboard-page.tsx', 'pages/ops/ops-console-page.tsx', 'components/notification-bell.tsx']));
    expect(roots.length).toBeGreaterThan(15);
    expect(missing).toEqual({});
    // Each name a screen gives has its file under resources/.
    expect([...named].filter((ns) => !AREA_NAMESPACES.includes(ns))).toEqual([]);
    expect(AREA_NAMESPACES).toEqual(expect.arrayContaining(['auth', 'donor', 'listing', 'ops']));
  });
});
