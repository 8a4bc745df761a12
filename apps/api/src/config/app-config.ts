import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { generateVAPIDKeys } from 'web-push';
import { AREA_RULES, CONFIG_SCHEMA, type ConfigValues } from './config-areas';
import { configProblems } from './config-fields';

/** A class whose instances carry `values` as their own properties. */
function carrying<T extends object>(): new (values: T) => T {
  return class {
    constructor(values: T) {
      Object.assign(this, values);
    }
  } as new (values: T) => T;
}

/**
 * Every setting the API reads from its environment, validated once at boot (the schemas are in
 * config-areas.ts, one per area), and injected wherever a setting is read. `new AppConfig()` holds the
 * defaults, for unit tests.
 */
export class AppConfig extends carrying<ConfigValues>() {
  constructor(values: Partial<ConfigValues> = {}) {
    super({ ...CONFIG_SCHEMA.parse({}), ...values });
  }

  get jwtSecret(): string {
    if (!this.JWT_SECRET) throw new Error('JWT_SECRET was not resolved at boot');
    return this.JWT_SECRET;
  }

  /** The resolved VAPID key pair and subject (set at boot by loadConfig). */
  get vapid(): { publicKey: string; privateKey: string; subject: string } {
    if (!this.VAPID_PUBLIC_KEY || !this.VAPID_PRIVATE_KEY || !this.VAPID_SUBJECT) throw new Error('VAPID keys were not resolved at boot');
    return { publicKey: this.VAPID_PUBLIC_KEY, privateKey: this.VAPID_PRIVATE_KEY, subject: this.VAPID_SUBJECT };
  }

  get servesHttp(): boolean {
    return this.ROLE !== 'worker';
  }

  get consumesJobs(): boolean {
    return this.ROLE !== 'api';
  }

  /** PUBLIC_URL, or the first WEB_ORIGIN: where links written by the API point. */
  get publicUrl(): string {
    return (this.PUBLIC_URL ?? this.webOrigins[0] ?? 'http://localhost:3000').replace(/\/+$/, '');
  }

  /**
   * The tile server's origin as a Content-Security-Policy source for img-src: `{s}` (Leaflet's
   * subdomains) becomes a `*` label, so https://{s}.tile.example.org allows https://*.tile.example.org.
   */
  get mapTileSource(): string {
    const url = new URL(this.MAP_TILE_URL.replace('{s}', 'subdomain'));
    return `${url.protocol}//${this.MAP_TILE_URL.includes('{s}.') ? url.host.replace(/^subdomain\./, '*.') : url.host}`;
  }

  get webOrigins(): string[] {
    return this.WEB_ORIGIN.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
  }
}

/**
 * Builds the configuration from an environment, failing with a message that names every bad variable.
 * Empty strings count as unset, so `PORT=` in a shell falls back to the default.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = CONFIG_SCHEMA.safeParse(present);
  if (!parsed.success) throw invalid(configProblems(parsed.error));
  const problems = AREA_RULES.flatMap((rule) => rule(parsed.data));
  if (problems.length > 0) throw invalid(problems);
  const config = new AppConfig(parsed.data);
  // Tests keep their output to what needs attention unless they ask for more.
  if (present.LOG_LEVEL === undefined && config.NODE_ENV === 'test') config.LOG_LEVEL = 'warn';
  config.JWT_SECRET ??= developmentSecret(resolve(config.DATA_DIR, 'jwt-secret'));
  // In development and tests a VAPID key pair made once and kept in DATA_DIR, so browsers' subscriptions survive restarts.
  if (!config.VAPID_PUBLIC_KEY) {
    const keys = developmentVapidKeys(resolve(config.DATA_DIR, 'vapid-keys.json'));
    config.VAPID_PUBLIC_KEY = keys.publicKey;
    config.VAPID_PRIVATE_KEY = keys.privateKey;
  }
  config.VAPID_SUBJECT ??= 'mailto:no-reply@foodlink.eg';
  return config;
}

function invalid(problems: string[]): Error {
  return new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
}

/** A VAPID key pair made once per checkout, like the JWT secret. */
function developmentVapidKeys(file: string): { publicKey: string; privateKey: string } {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/** A random secret made once per checkout and kept on disk, so sessions survive restarts in development. */
function developmentSecret(file: string): string {
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
