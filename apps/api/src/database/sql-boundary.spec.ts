import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * One way to reach the database (docs/CONTRIBUTING.md, "Reaching the database"): SQL lives in
 * `*.repository.ts` files, the migrations and the migration runner, and nowhere else in the API's
 * sources; nor do TypeORM's other idioms (entity repositories, the query builder) come back.
 */
const SRC = process.env.FOODLINK_API_SRC as string;

/** Where SQL may be written (paths relative to src, with `/`). */
function mayHoldSql(path: string): boolean {
  return (
    path.endsWith('.repository.ts') ||
    path.startsWith('database/migrations/') ||
    path === 'database/migrate.ts' ||
    // returningRows: runs the RETURNING statements repositories pass it.
    path === 'common/sql.ts'
  );
}

/** Statements as this code base writes them (keywords in capitals). */
const SQL = new RegExp(
  [
    String.raw`\bSELECT\s+[\w*('"]`,
    String.raw`\bINSERT\s+INTO\b`,
    String.raw`\bUPDATE\s+\w+(\s+AS\s+\w+)?\s+SET\b`,
    String.raw`\bDELETE\s+FROM\b`,
    String.raw`\bWITH\s+\w+\s+AS\s*\(`,
    String.raw`\b(LOCK|ALTER|CREATE|DROP|TRUNCATE)\s+TABLE\b`,
    String.raw`\b(LISTEN|NOTIFY)\s+\w`,
    String.raw`\bpg_notify\s*\(`,
    String.raw`\bFOR\s+UPDATE\b`,
  ].join('|'),
);

/** Calls that send SQL, or reach tables through TypeORM's entity and query-builder idioms. */
const DATABASE_CALLS = new Set(['query', 'createQueryBuilder', 'getRepository', 'InjectRepository']);

/** Each place in `source` that holds SQL, as `line: text`. */
export function sqlIn(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${what.trim().replace(/\s+/g, ' ').slice(0, 80)}`);
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (SQL.test(node.text)) report(node, node.text);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) && callee.text !== 'query' ? callee.text : undefined;
      if (name && DATABASE_CALLS.has(name)) report(node, `${name}(...)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('where SQL lives', () => {
  it('finds SQL in strings, templates, database calls and the query builder', () => {
    expect(sqlIn(`const q = 'SELECT id FROM food_items';`)).toEqual(['1: SELECT id FROM food_items']);
    expect(sqlIn('db.query(`UPDATE food_items SET status = ${s} WHERE id = $1`, [id]);')).toEqual([
      '1: query(...)',
      '1: UPDATE food_items SET status =',
    ]);
    expect(sqlIn('const x = `\n  WITH claimed AS (\n  DELETE FROM t)`;')).toEqual(['1: WITH claimed AS ( DELETE FROM t)']);
    expect(sqlIn(`await tx.query(sql, []);`)).toEqual(['1: query(...)']);
    expect(sqlIn(`this.users.createQueryBuilder('u').getOne();`)).toEqual(['1: createQueryBuilder(...)']);
    expect(sqlIn(`class A { constructor(@InjectRepository(User) private users: Repository<User>) {} }`)).toEqual(['1: InjectRepository(...)']);
    expect(sqlIn(`await client.query('LISTEN outbox_events');`)).toHaveLength(2);
  });

  it('leaves words alone: messages, comments and a local function named query', () => {
    expect(sqlIn(`throw new Error('Select a charity to update its request'); // SELECT * FROM users`)).toEqual([]);
    expect(sqlIn(`const read = (query: () => Promise<void>) => query();`)).toEqual([]);
  });

  it('appears only in repositories, the migrations and the migration runner', () => {
    const offenders = sources(SRC).flatMap((path) => {
      const name = relative(SRC, path).split(sep).join('/');
      return mayHoldSql(name) ? [] : sqlIn(readFileSync(path, 'utf8'), name).map((place) => `${name}:${place}`);
    });
    expect(offenders).toEqual([]);
  });
});
