import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { LIMITS } from '@food-link/contracts';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { generateVAPIDKeys } from 'web-push';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()) : value;

/** Every setting the API reads from its environment, validated once at boot. */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  /**
   * What this process does: `all` (default) serves HTTP and sockets and consumes jobs; `api` serves HTTP
   * and sockets only; `worker` consumes jobs and emits through the Socket.IO Redis adapter only.
   */
  @IsIn(['all', 'api', 'worker'])
  ROLE: 'all' | 'api' | 'worker' = 'all';

  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/foodlink';

  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every Redis key this process writes, so several deployments or test runs can share a server. */
  @IsString()
  @MinLength(1)
  REDIS_PREFIX = 'foodlink:';

  /** Signs session tokens. Required in production; generated and kept in DATA_DIR for development. */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  /** Session token lifetime in seconds (default 12 hours). */
  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(30 * 24 * 3600)
  JWT_TTL_SECONDS = 12 * 3600;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** Origins allowed by CORS, comma-separated. */
  @IsString()
  WEB_ORIGIN = 'http://localhost:3000';

  /** Trust X-Forwarded-* headers (set when running behind a load balancer). */
  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY = false;

  /**
   * Failed logins allowed per account-and-address pair in each LOGIN_WINDOW_SECONDS (OWASP's pattern:
   * someone guessing from one address cannot lock the owner out of their account from another). Each
   * attempt is counted before its password is verified; a successful login clears its pair's count.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILS_PER_PAIR = 10;

  /**
   * Failed logins allowed per client address, across every account, in each window. Generous: many
   * people share one address (a university's, a charity's office connection).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_MAX_FAILS_PER_ADDRESS = 500;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  LOGIN_WINDOW_SECONDS = 15 * 60;

  /**
   * The longest a failing pair is slowed down before each further attempt is verified: from its third
   * failure on, 250 ms doubling up to this (0 turns the slowdown off).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000)
  LOGIN_MAX_DELAY_MS = 2000;

  /** Sign-ups allowed per client address in each REGISTER_WINDOW_SECONDS. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  REGISTER_MAX_PER_ADDRESS = 1000;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  REGISTER_WINDOW_SECONDS = 3600;

  /**
   * argon2 hashes and verifications run at once in this process (each takes ~19 MiB and most of a core
   * for tens of milliseconds); more wait their turn, logins before sign-ups. Default: the CPU count.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  PASSWORD_HASH_CONCURRENCY = Math.max(1, availableParallelism());

  /**
   * Longest wait for one Redis command on a request path (login limits, socket census): past it, the
   * command counts as failed and the caller falls back (to this process's memory for the limits).
   */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  @Max(60_000)
  REDIS_COMMAND_TIMEOUT_MS = 1000;

  /**
   * A request whose headers and body have not fully arrived within this is answered 408 and its
   * connection closed, so stalled uploads cannot hold connections open.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  @Max(10 * 60_000)
  REQUEST_TIMEOUT_MS = 30_000;

  /** How often the outbox relay looks for unpublished events besides being woken at each commit. */
  @Type(() => Number)
  @IsInt()
  @Min(50)
  OUTBOX_POLL_MS = 1000;

  /** The longest a database transaction may stay open, all its statements together (then it is cut: 503). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  DB_TRANSACTION_TIMEOUT_MS = 10_000;

  /**
   * How long after handing an event to Redis the relay looks its job up again: a finished job settles the
   * event, a job Redis no longer has (it lost its data) is handed over again. Checked every half lease.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  OUTBOX_LEASE_MS = 30_000;

  /** Domain-event jobs one worker process handles at once. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(256)
  WORKER_CONCURRENCY = 8;

  /** How often the expiry job marks food whose date has passed (Cairo) as expired. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  EXPIRY_CHECK_MS = 60_000;

  /** Attempts of a domain-event job (exponential backoff from 0.5 s) before it counts as failed. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  JOB_ATTEMPTS = 10;

  /**
   * The operator account, created or updated at start (both or neither). Operators never come from
   * sign-up; this is the only way to make one.
   */
  @IsOptional()
  @IsEmail({}, { message: 'OPERATOR_EMAIL must be an e-mail address' })
  OPERATOR_EMAIL?: string;

  @IsOptional()
  @IsString()
  @MinLength(12, { message: 'OPERATOR_PASSWORD must be at least 12 characters' })
  @MaxLength(LIMITS.passwordMaxLength, { message: `OPERATOR_PASSWORD must be at most ${LIMITS.passwordMaxLength} characters` })
  OPERATOR_PASSWORD?: string;

  /** How often operators' consoles receive a live snapshot of queues, outbox, sockets and health. */
  @Type(() => Number)
  @IsInt()
  @Min(500)
  OPS_SNAPSHOT_MS = 2000;

  /**
   * Lets a scraper read GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`; operators' session
   * tokens are accepted too. Anonymous readers are refused.
   */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;

  /** pino's level for the JSON logs (default info; tests run at warn). */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  /** Seed Egyptian demo data when the database is empty (what `npm start` asks for). */
  @Transform(toBoolean)
  @IsBoolean()
  SEED_DEMO = false;

  /** The built web app served at `/` (skipped, with a notice, when it has not been built). */
  @IsString()
  WEB_DIST_DIR = resolve(process.cwd(), 'apps/web/dist');

  /**
   * The shortest pickup window accepted, in minutes (DOMAIN.md: 30). Tests shorten it, with
   * NOT_COLLECTED_GRACE_MINUTES, to see a window run out without faking the clock.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  MIN_PICKUP_WINDOW_MINUTES = 30;

  /**
   * The offer cascade (docs/DOMAIN-RULES.md): how long a new listing of a donor with partner charities is
   * offered to them alone before it reaches the open board, for cooked food (`cooked_meal`: it has an
   * hour or two to live) and for everything else. Minutes, fractions allowed, so tests can use seconds.
   */
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'OFFER_COOKED_MINUTES must be a number of minutes' })
  @Min(0)
  @Max(24 * 60)
  OFFER_COOKED_MINUTES = 15;

  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'OFFER_OTHER_MINUTES must be a number of minutes' })
  @Min(0)
  @Max(24 * 60)
  OFFER_OTHER_MINUTES = 30;

  /**
   * The most `stats.updated` messages one API instance writes to its `counters` watchers per second (one
   * message per watcher). Up to COUNTERS_MESSAGES_PER_SECOND / 4 watchers they get the contract's 250 ms;
   * a larger crowd gets its messages further apart (20,000 watchers at the default: every 500 ms), so the
   * counters never take more than their share of the instance's CPU (docs/REALTIME.md, docs/PERFORMANCE.md).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  COUNTERS_MESSAGES_PER_SECOND = 40_000;

  /** A request still pending this long after its window ends becomes not collected. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(24 * 60)
  NOT_COLLECTED_GRACE_MINUTES = 30;

  /**
   * A charity that cancels this many claims within LIMITS.quickCancelMinutes of making them, over
   * LIMITS.quickCancelWindowHours, has its claiming paused for LIMITS.quickCancelPauseHours (claiming and
   * cancelling at once would harvest donors' addresses; docs/OPERATIONS.md, "Limits and timeouts"). `0`
   * turns the pause off (the benchmarks' write mix cancels far faster than any charity does).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1000)
  QUICK_CANCELS_MAX = 3;

  /**
   * Where photos are kept: `local` (under DATA_DIR/photos, or PHOTO_DIR) or `s3` (an S3-compatible store:
   * S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).
   */
  @IsIn(['local', 's3'])
  PHOTO_STORAGE: 'local' | 's3' = 'local';

  @IsOptional()
  @IsString()
  PHOTO_DIR?: string;

  @IsOptional()
  @Matches(/^https?:\/\//, { message: 'S3_ENDPOINT must be an http(s):// URL' })
  S3_ENDPOINT?: string;

  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /**
   * The SMTP server e-mail goes through: `smtp://user:pass@host:587` (STARTTLS when offered) or
   * `smtps://…:465`. Unset: messages are written to DATA_DIR/mail as .eml files and listed in the
   * operator console instead (development; docs/NOTIFICATIONS.md).
   */
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The From of every e-mail. */
  @IsString()
  @MinLength(3)
  MAIL_FROM = 'Food Link <no-reply@foodlink.eg>';

  /**
   * Web Push (docs/PUSH.md). The VAPID key pair identifies this server to browsers' push services: a
   * browser subscribed with the public key accepts pushes signed with the private key only, so changing
   * the keys ends every subscription. Base64url, as `npx web-push generate-vapid-keys` prints them.
   * Required in production; generated once into DATA_DIR/vapid-keys.json for development.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{87}$/, { message: 'VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes base64url (87 characters)' })
  VAPID_PUBLIC_KEY?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes base64url (43 characters)' })
  VAPID_PRIVATE_KEY?: string;

  /** How push services can reach the operator of this server: a mailto: or https: URL. */
  @IsOptional()
  @Matches(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { message: 'VAPID_SUBJECT must be a mailto: or https: URL' })
  VAPID_SUBJECT?: string;

  /**
   * Also accept http:// and loopback push endpoints (tests serve their own push service on 127.0.0.1).
   * Private, link-local and other reserved addresses stay refused. Not allowed in production.
   */
  @Transform(toBoolean)
  @IsBoolean()
  PUSH_ALLOW_LOCAL_ENDPOINTS = false;

  /**
   * The address people reach the web app at, without a trailing slash: the base of the links the API
   * writes into e-mails (password reset) and share previews (Open Graph tags of /food/{id}). Default:
   * the first WEB_ORIGIN.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^/?#\s]+$/, { message: 'PUBLIC_URL must be an http(s):// origin, like https://foodlink.eg' })
  PUBLIC_URL?: string;

  /** How long a password reset link works (docs/ACCOUNT-RECOVERY.md). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  RESET_TOKEN_MINUTES = 30;

  /** Reset links sent per account (per e-mail address asked for) in each RESET_WINDOW_SECONDS; more are answered alike but not sent. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RESET_MAX_PER_ACCOUNT = 3;

  /** Reset requests per client address in each RESET_WINDOW_SECONDS, across e-mail addresses. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  RESET_MAX_PER_ADDRESS = 20;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  RESET_WINDOW_SECONDS = 3600;

  // --- Notifications: matching, delivery, reminders (docs/NOTIFICATIONS.md) ---

  /**
   * New matching food a charity hears of by push and e-mail in any hour (sliding); beyond it the food
   * still reaches its in-app list (silent), so one busy donor cannot flood anyone's phone or inbox.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  NOTIFY_NEW_FOOD_PER_HOUR = 10;

  /** Notification jobs (matching, sending) one worker process handles at once: mostly waiting on SMTP and push services. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(256)
  NOTIFY_CONCURRENCY = 16;

  /** Attempts of a notification job before it fails for good and is shown to operators. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(50)
  NOTIFY_ATTEMPTS = 10;

  /**
   * The first retry's delay of a notification job; each next one doubles (10 s: about 85 minutes in all
   * for 10 attempts, so an SMTP server away for a while delays e-mail without losing it).
   */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  NOTIFY_BACKOFF_MS = 10_000;

  /** How long before its pickup window opens a charity is reminded. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(24 * 60)
  PICKUP_REMINDER_MINUTES = 30;

  // --- end of notifications ---

  /** Where development-only state (the generated JWT secret) is kept; git-ignored. */
  @IsString()
  DATA_DIR = resolve(process.cwd(), '.data');

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
  const config = plainToInstance(AppConfig, present, { exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const problems = errors.flatMap((error) => Object.values(error.constraints ?? {}));
    throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  // Tests keep their output to what needs attention unless they ask for more.
  if (present.LOG_LEVEL === undefined && config.NODE_ENV === 'test') config.LOG_LEVEL = 'warn';
  if (Boolean(config.OPERATOR_EMAIL) !== Boolean(config.OPERATOR_PASSWORD)) {
    throw new Error('Invalid configuration:\n  - OPERATOR_EMAIL and OPERATOR_PASSWORD must be set together');
  }
  if (config.PHOTO_STORAGE === 's3' && !(config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration:\n  - PHOTO_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  if (!config.JWT_SECRET) {
    if (config.NODE_ENV === 'production') {
      throw new Error('Invalid configuration:\n  - JWT_SECRET is required in production');
    }
    config.JWT_SECRET = developmentSecret(resolve(config.DATA_DIR, 'jwt-secret'));
  }
  resolveVapid(config);
  return config;
}

/**
 * VAPID: all three variables in production (and no PUSH_ALLOW_LOCAL_ENDPOINTS there); in development and
 * tests a key pair made once and kept in DATA_DIR, so browsers' subscriptions survive restarts.
 */
function resolveVapid(config: AppConfig): void {
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\n  - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  if (config.NODE_ENV === 'production') {
    const missing = (['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const).filter((name) => !config[name]);
    if (missing.length > 0) {
      throw new Error(`Invalid configuration:\n${missing.map((name) => `  - ${name} is required in production`).join('\n')}`);
    }
    if (config.PUSH_ALLOW_LOCAL_ENDPOINTS) {
      throw new Error('Invalid configuration:\n  - PUSH_ALLOW_LOCAL_ENDPOINTS must not be set in production');
    }
  }
  if (config.VAPID_PUBLIC_KEY && Buffer.from(config.VAPID_PUBLIC_KEY, 'base64url')[0] !== 0x04) {
    throw new Error('Invalid configuration:\n  - VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (first byte 0x04)');
  }
  if (!config.VAPID_PUBLIC_KEY) {
    const keys = developmentVapidKeys(resolve(config.DATA_DIR, 'vapid-keys.json'));
    config.VAPID_PUBLIC_KEY = keys.publicKey;
    config.VAPID_PRIVATE_KEY = keys.privateKey;
  }
  config.VAPID_SUBJECT ??= 'mailto:no-reply@foodlink.eg';
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
