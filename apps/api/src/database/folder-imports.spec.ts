import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * Folder layers of the API (docs/CONTRIBUTING.md, "Folders and their layers"; ARCHITECTURE.md): the folders of
 * `apps/api/src` import each other downwards only. Read from the sources (every relative `import`,
 * `export ... from` and `import()` of a non-test file), the folder graph must have:
 *
 * - no cycle: no two folders import each other, nor do longer rings (a → b → c → a) form;
 * - base layers that import base layers only: anyone may import them, so they may not import a feature.
 *
 * - no repository class imported across folders: a module exports services, not repositories, so code in
 *   another folder calls the owner's service (SQL fragments and row mappings a repository composes into its
 *   own statements, and types, may be imported: the claim's one statement composes `claimListingSql`).
 *
 * The entry points are outside the graph: the files at the top of src (main.ts, app.module.ts, ...),
 * `worker/` (the worker process's module), `cli/` and `database/` (the data source, the migrations and the
 * demo seed, which writes through the owners' services) may import any folder, and no folder imports them.
 * Every other folder is a feature folder. The contracts lib (`@food-link/contracts`) is a package, below all.
 */
const SRC = process.env.FOODLINK_API_SRC as string;

/** Imported by everyone; they import only each other. */
const BASE_LAYERS = new Set(['common', 'config', 'openapi', 'redis', 'outbox', 'mail']);
/** May import anything; imported by nothing in a folder. */
const ENTRY_POINTS = new Set(['worker', 'cli', 'database']);

type Edges = Map<string, Map<string, string[]>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The folder of `apps/api/src` a path (relative to src) lies in, or undefined for a file at the top. */
function folderOf(path: string): string | undefined {
  const parts = path.split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** folder → imported folder → the imports behind that edge (`file: specifier`). */
function folderGraph(src: string): Edges {
  const edges: Edges = new Map();
  for (const file of sourceFiles(src)) {
    const from = folderOf(relative(src, file));
    if (from === undefined) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = folderOf(relative(src, normalize(join(dirname(file), fileName))));
      if (to === undefined || to === from) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      edges.set(from, targets);
      targets.set(to, [...(targets.get(to) ?? []), `${relative(src, file).split(sep).join('/')}: ${fileName}`]);
    }
  }
  return edges;
}

/** The cycles among non-entry folders: each strongly connected component of two or more folders (Tarjan). */
function cyclesOf(edges: Edges): string[][] {
  const next = (folder: string) => [...(edges.get(folder)?.keys() ?? [])].filter((to) => !ENTRY_POINTS.has(to)).sort();
  const folders = [...edges.keys()].filter((folder) => !ENTRY_POINTS.has(folder)).sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const to of next(folder)) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(folder, Math.min(low.get(folder)!, index.get(to)!));
    }
    if (low.get(folder) === index.get(folder)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const folder of folders) if (!index.has(folder)) visit(folder);
  return components;
}

/** The shortest ring through a component from its first folder (breadth first). */
function ringOf(edges: Edges, component: string[]): string[] {
  const start = component[0];
  const inside = new Set(component);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    for (const to of [...(edges.get(folder)?.keys() ?? [])].filter((to) => inside.has(to)).sort()) {
      if (to === start) {
        const ring = [start];
        for (let at: string | undefined = folder; at !== undefined && at !== start; at = cameFrom.get(at)) ring.splice(1, 0, at);
        return [...ring, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, folder);
        queue.push(to);
      }
    }
  }
  return component;
}

/** A component: its folders, then each pair in it that imports each other, or else one longer ring, with the imports behind each step. */
function cycleText(edges: Edges, component: string[]): string {
  const pairs = component.flatMap((a) => component.filter((b) => a < b && edges.get(a)?.has(b) && edges.get(b)?.has(a)).map((b) => [a, b, a]));
  const rings = pairs.length > 0 ? pairs : [ringOf(edges, component)];
  return [`cycle among ${component.join(', ')}:`, ...rings.map((ring) => ringText(edges, ring))].join('\n');
}

/** Repository classes (`import { XRepository } from '../other/x.repository'`, not `import type`) imported from another folder. */
function repositoriesAcrossFolders(src: string): string[] {
  return sourceFiles(src).flatMap((file) => {
    const from = folderOf(relative(src, file));
    if (from === undefined || ENTRY_POINTS.has(from)) return [];
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    return source.statements.flatMap((statement) => {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
      const specifier = statement.moduleSpecifier.text;
      if (!specifier.startsWith('.') || !specifier.endsWith('.repository')) return [];
      if (folderOf(relative(src, normalize(join(dirname(file), specifier)))) === from) return [];
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) return [];
      const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
      return named
        .filter((element) => !element.isTypeOnly && /Repository$/.test((element.propertyName ?? element.name).text))
        .map((element) => `${relative(src, file).split(sep).join('/')}: ${(element.propertyName ?? element.name).text} from ${specifier}`);
    });
  });
}

function ringText(edges: Edges, ring: string[]): string {
  const steps = ring.slice(1).map((to, i) => {
    const from = ring[i];
    return `  ${from} -> ${to}\n${(edges.get(from)?.get(to) ?? []).map((line) => `      ${line}`).join('\n')}`;
  });
  return `${ring.join(' -> ')}\n${steps.join('\n')}`;
}

describe('folder imports of the API', () => {
  const edges = folderGraph(SRC);

  it('reads the folders it is about', () => {
    // A wrong path would find no edge and pass: the graph must hold the layers and features it names.
    for (const folder of ['food', 'handover', 'requests', 'auth', 'notifications', 'push', 'worker']) expect(edges.has(folder)).toBe(true);
    for (const base of BASE_LAYERS) expect(readdirSync(join(SRC, base)).length).toBeGreaterThan(0);
    expect(edges.get('food')?.has('common')).toBe(true);
  });

  it('has no two folders importing each other, nor longer cycles', () => {
    const cycles = cyclesOf(edges).map((component) => cycleText(edges, component));
    expect(cycles.join('\n\n')).toBe('');
  });

  it('has base layers importing base layers only', () => {
    const upward = [...edges]
      .filter(([from]) => BASE_LAYERS.has(from))
      .flatMap(([from, targets]) => [...targets].filter(([to]) => !BASE_LAYERS.has(to)).map(([to, lines]) => `${from} -> ${to}\n${lines.map((line) => `      ${line}`).join('\n')}`));
    expect(upward.join('\n')).toBe('');
  });

  it('has no repository class imported from another folder', () => {
    expect(repositoriesAcrossFolders(SRC).join('\n')).toBe('');
  });

  it('has no folder importing an entry point', () => {
    const intoEntries = [...edges]
      .filter(([from]) => !ENTRY_POINTS.has(from))
      .flatMap(([from, targets]) => [...targets].filter(([to]) => ENTRY_POINTS.has(to)).map(([to, lines]) => `${from} -> ${to}: ${lines.join(', ')}`));
    expect(intoEntries.join('\n')).toBe('');
  });
});
