import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Names that say what they are (docs/STYLE.md, "Code"): a `*.service.ts` file exports a `*Service` class
 * named after the file (`session-users.service.ts` would export `SessionUsersService`). A provider that is
 * not a service is named for what it is (`mailer.ts` exports `Mailer`).
 */
const SRC = process.env.FOODLINK_API_SRC as string;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : [path];
  });
}

/** `offer-cascade.service.ts` → `OfferCascadeService`. */
function serviceClassName(fileName: string): string {
  const stem = fileName.replace(/\.service\.ts$/, '');
  return `${stem
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Service`;
}

describe('file names', () => {
  it('names a service class after its file', () => {
    expect(serviceClassName('food.service.ts')).toBe('FoodService');
    expect(serviceClassName('login-limiter.service.ts')).toBe('LoginLimiterService');
  });

  it('has every *.service.ts export the *Service class of its name', () => {
    const services = sourceFiles(SRC).filter((path) => path.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(20);
    const offenders = services
      .filter((path) => {
        const name = serviceClassName(path.split(sep).pop() as string);
        return !new RegExp(`export class ${name}\\b`).test(readFileSync(path, 'utf8'));
      })
      .map((path) => relative(SRC, path).split(sep).join('/'));
    expect(offenders).toEqual([]);
  });
});
