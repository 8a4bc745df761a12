import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';

describe('loadConfig', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'foodlink-config-'));

  it('applies defaults and converts types', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '4100', TRUST_PROXY: 'true' });
    expect(config.PORT).toBe(4100);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.JWT_TTL_SECONDS).toBe(43200);
    expect(config.REDIS_PREFIX).toBe('foodlink:');
  });

  it('defaults to OWASP-style login limits, generous sign-up and address limits, and bounded waits', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.LOGIN_MAX_FAILS_PER_PAIR).toBe(10);
    expect(config.LOGIN_WINDOW_SECONDS).toBe(900);
    expect(config.LOGIN_MAX_FAILS_PER_ADDRESS).toBeGreaterThanOrEqual(500);
    expect(config.LOGIN_MAX_DELAY_MS).toBe(2000);
    expect(config.REGISTER_MAX_PER_ADDRESS).toBeGreaterThanOrEqual(1000);
    expect(config.REGISTER_WINDOW_SECONDS).toBe(3600);
    expect(config.PASSWORD_HASH_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(config.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config.REDIS_COMMAND_TIMEOUT_MS).toBeLessThanOrEqual(2000);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL must be a postgres:\/\/ URL|DATABASE_URL must be a postgres:\/\/ URL[\s\S]*PORT/,
    );
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      'JWT_SECRET is required in production',
    );
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short', DATA_DIR: dataDir() })).toThrow('at least 32 characters');
  });

  it('generates a development secret once and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
  });

  it('splits the allowed web origins', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), WEB_ORIGIN: 'http://a.test, https://b.test' });
    expect(config.webOrigins).toEqual(['http://a.test', 'https://b.test']);
  });

  it('generates development VAPID keys once and keeps them, with a default subject', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).vapid;
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:no-reply@foodlink.eg');
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'vapid-keys.json'), 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
  });

  it('requires the VAPID variables in production and refuses local push endpoints there', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(/VAPID_PUBLIC_KEY is required in production[\s\S]*VAPID_SUBJECT is required in production/);
    const keys = loadConfig({ DATA_DIR: dataDir() }).vapid;
    const configured = { ...production, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://foodlink.eg/contact' };
    expect(loadConfig(configured).vapid).toEqual({ ...keys, subject: 'https://foodlink.eg/contact' });
    expect(() => loadConfig({ ...configured, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' })).toThrow('PUSH_ALLOW_LOCAL_ENDPOINTS must not be set in production');
  });

  it('names malformed VAPID variables', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def', VAPID_SUBJECT: 'ftp://x' })).toThrow(
      /VAPID_PUBLIC_KEY must be[\s\S]*VAPID_PRIVATE_KEY must be[\s\S]*VAPID_SUBJECT must be a mailto: or https: URL/,
    );
    const keys = loadConfig({ DATA_DIR: dataDir() }).vapid;
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.publicKey })).toThrow('must be set together');
  });
});
