import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig, loadConfig } from './app-config';
import { authConfig, CONFIG_SCHEMA, databaseConfig, mailConfig, photosConfig, pushConfig, redisConfig, serverConfig } from './config-areas';

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

  it("allows the map's tile origin in the CSP, subdomains as a wildcard label, and names a malformed tile URL", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mapTileSource).toBe('https://tile.openstreetmap.org');
    expect(loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL: 'https://{s}.tiles.example.eg:8443/osm/{z}/{x}/{y}@2x.png' }).mapTileSource).toBe('https://*.tiles.example.eg:8443');
    expect(loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL: 'http://127.0.0.1:4567/{z}/{x}/{y}.png' }).mapTileSource).toBe('http://127.0.0.1:4567');
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL: 'https://tiles.example.eg/{z}/{y}.png' })).toThrow('MAP_TILE_URL must be an http(s) tile URL template');
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL: "https://tiles.example.eg/{z}/{x}/{y}.png' 'unsafe-inline" })).toThrow('MAP_TILE_URL must be');
  });

  it('composes the whole from one schema per area, each naming its own variables', () => {
    const areas = [serverConfig, databaseConfig, redisConfig, authConfig, mailConfig, pushConfig, photosConfig];
    const names = areas.flatMap((area) => Object.keys(area.shape));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(Object.keys(CONFIG_SCHEMA.shape)).toContain(name);
    expect(Object.keys(databaseConfig.shape)).toContain('DATABASE_URL');
    expect(Object.keys(redisConfig.shape)).toEqual(expect.arrayContaining(['REDIS_URL', 'REDIS_PREFIX']));
    expect(Object.keys(authConfig.shape)).toEqual(expect.arrayContaining(['JWT_SECRET', 'OPERATOR_EMAIL']));
    expect(Object.keys(mailConfig.shape)).toEqual(['SMTP_URL', 'MAIL_FROM']);
    expect(Object.keys(photosConfig.shape)).toContain('PHOTO_STORAGE');
  });

  it('validates an area on its own, with the same message', () => {
    const result = redisConfig.safeParse({ REDIS_URL: 'http://cache', REDIS_COMMAND_TIMEOUT_MS: '10' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['REDIS_URL', 'must be a redis:// or rediss:// URL'],
      ['REDIS_COMMAND_TIMEOUT_MS', 'must be a whole number from 50 to 60000'],
    ]);
    expect(databaseConfig.parse({}).DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/foodlink');
  });

  it('names bad variables of several areas at once, one line each, and ignores variables it does not know', () => {
    const message = (() => {
      try {
        loadConfig({ DATA_DIR: dataDir(), PATH: '/usr/bin', REDIS_URL: 'http://cache', SMTP_URL: 'mail.example', PHOTO_STORAGE: 'disk', JWT_TTL_SECONDS: '1.5' });
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    })();
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  - REDIS_URL must be a redis:// or rediss:// URL',
      '  - JWT_TTL_SECONDS must be a whole number from 60 to 2592000',
      '  - PHOTO_STORAGE must be one of local, s3',
      '  - SMTP_URL must be an smtp:// or smtps:// URL',
    ]);
  });

  it('reads flags and fractional minutes from their text, and checks the rules between variables', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: 'YES', TRUST_PROXY: 'no', OFFER_COOKED_MINUTES: '0.25' });
    expect(config.SEED_DEMO).toBe(true);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.OFFER_COOKED_MINUTES).toBe(0.25);
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPERATOR_EMAIL: 'ops@foodlink.eg' })).toThrow('OPERATOR_EMAIL and OPERATOR_PASSWORD must be set together');
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPERATOR_EMAIL: 'not-an-address', OPERATOR_PASSWORD: 'x'.repeat(12) })).toThrow(
      'OPERATOR_EMAIL must be an e-mail address',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PHOTO_STORAGE: 's3', S3_BUCKET: 'photos' })).toThrow('PHOTO_STORAGE=s3 needs S3_ENDPOINT');
  });

  it('gives the defaults to `new AppConfig()`, as unit tests build it', () => {
    const config = new AppConfig({ PORT: 4200 });
    expect(config.PORT).toBe(4200);
    expect(config.COUNTERS_MESSAGES_PER_SECOND).toBe(40_000);
    expect(config.servesHttp && config.consumesJobs).toBe(true);
    expect(config).toBeInstanceOf(AppConfig);
  });
});
