import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { LIMITS } from '@food-link/contracts';
import { z } from 'zod';
import { flag, matching, minutes, oneOf, textOf, wholeNumber } from './config-fields';

/*
 * Every setting the API reads from its environment, one schema per area, composed into CONFIG_SCHEMA.
 * Rules between variables (set together, required in production) sit beside their area, in AREA_RULES.
 */

/** The process: what it does, where it listens, what it logs and where it keeps its state. */
export const serverConfig = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  /**
   * What this process does: `all` (default) serves HTTP and sockets and consumes jobs; `api` serves HTTP
   * and sockets only; `worker` consumes jobs and emits through the Socket.IO Redis adapter only.
   */
  ROLE: oneOf(['all', 'api', 'worker']).default('all'),
  PORT: wholeNumber(3000, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  /** Origins allowed by CORS, comma-separated. */
  WEB_ORIGIN: z.string().default('http://localhost:3000'),
  /**
   * The address people reach the web app at, without a trailing slash: the base of the links the API
   * writes into e-mails (password reset) and share previews (Open Graph tags of /food/{id}). Default:
   * the first WEB_ORIGIN.
   */
  PUBLIC_URL: matching(/^https?:\/\/[^/?#\s]+$/, 'an http(s):// origin, like https://foodlink.eg').optional(),
  /** Trust X-Forwarded-* headers (set when running behind a load balancer). */
  TRUST_PROXY: flag(),
  /**
   * A request whose headers and body have not fully arrived within this is answered 408 and its
   * connection closed, so stalled uploads cannot hold connections open.
   */
  REQUEST_TIMEOUT_MS: wholeNumber(30_000, 1000, 10 * 60_000),
  /** pino's level for the JSON logs (default info; tests run at warn). */
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed Egyptian demo data when the database is empty (what `npm start` asks for). */
  SEED_DEMO: flag(),
  /** The built web app served at `/` (skipped, with a notice, when it has not been built). */
  WEB_DIST_DIR: z.string().default(() => resolve(process.cwd(), 'apps/web/dist')),
  /** Where development-only state (the generated JWT secret, VAPID keys) is kept; git-ignored. */
  DATA_DIR: z.string().default(() => resolve(process.cwd(), '.data')),
});

export const databaseConfig = z.object({
  DATABASE_URL: matching(/^postgres(ql)?:\/\//, 'a postgres:// URL').default('postgres://postgres@127.0.0.1:5432/foodlink'),
  /** The longest a database transaction may stay open, all its statements together (then it is cut: 503). */
  DB_TRANSACTION_TIMEOUT_MS: wholeNumber(10_000, 100),
});

export const redisConfig = z.object({
  REDIS_URL: matching(/^rediss?:\/\//, 'a redis:// or rediss:// URL').default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key this process writes, so several deployments or test runs can share a server. */
  REDIS_PREFIX: textOf(1).default('foodlink:'),
  /**
   * Longest wait for one Redis command on a request path (login limits, socket census): past it, the
   * command counts as failed and the caller falls back (to this process's memory for the limits).
   */
  REDIS_COMMAND_TIMEOUT_MS: wholeNumber(1000, 50, 60_000),
});

/** Sessions, sign-in and sign-up limits, password hashing, the operator account, password resets. */
export const authConfig = z.object({
  /** Signs session tokens. Required in production; generated and kept in DATA_DIR for development. */
  JWT_SECRET: textOf(32).optional(),
  /** Session token lifetime in seconds (default 12 hours). */
  JWT_TTL_SECONDS: wholeNumber(12 * 3600, 60, 30 * 24 * 3600),
  /**
   * Failed logins allowed per account-and-address pair in each LOGIN_WINDOW_SECONDS (OWASP's pattern:
   * someone guessing from one address cannot lock the owner out of their account from another). Each
   * attempt is counted before its password is verified; a successful login clears its pair's count.
   */
  LOGIN_MAX_FAILS_PER_PAIR: wholeNumber(10, 1),
  /**
   * Failed logins allowed per client address, across every account, in each window. Generous: many
   * people share one address (a university's, a charity's office connection).
   */
  LOGIN_MAX_FAILS_PER_ADDRESS: wholeNumber(500, 1),
  LOGIN_WINDOW_SECONDS: wholeNumber(15 * 60, 1),
  /**
   * The longest a failing pair is slowed down before each further attempt is verified: from its third
   * failure on, 250 ms doubling up to this (0 turns the slowdown off).
   */
  LOGIN_MAX_DELAY_MS: wholeNumber(2000, 0, 10_000),
  /** Sign-ups allowed per client address in each REGISTER_WINDOW_SECONDS. */
  REGISTER_MAX_PER_ADDRESS: wholeNumber(1000, 1),
  REGISTER_WINDOW_SECONDS: wholeNumber(3600, 1),
  /**
   * argon2 hashes and verifications run at once in this process (each takes ~19 MiB and most of a core
   * for tens of milliseconds); more wait their turn, logins before sign-ups. Default: the CPU count.
   */
  PASSWORD_HASH_CONCURRENCY: wholeNumber(() => Math.max(1, availableParallelism()), 1, 64),
  /**
   * The operator account, created or updated at start (both or neither). Operators never come from
   * sign-up; this is the only way to make one.
   */
  OPERATOR_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  OPERATOR_PASSWORD: textOf(12, LIMITS.passwordMaxLength).optional(),
  /** How long a password reset link works (docs/ACCOUNT-RECOVERY.md). */
  RESET_TOKEN_MINUTES: wholeNumber(30, 1, 24 * 60),
  /** Reset links sent per account (per e-mail address asked for) in each RESET_WINDOW_SECONDS; more are answered alike but not sent. */
  RESET_MAX_PER_ACCOUNT: wholeNumber(3, 1),
  /** Reset requests per client address in each RESET_WINDOW_SECONDS, across e-mail addresses. */
  RESET_MAX_PER_ADDRESS: wholeNumber(20, 1),
  RESET_WINDOW_SECONDS: wholeNumber(3600, 1),
});

/** The outbox relay and the job queues. */
export const jobsConfig = z.object({
  /** How often the outbox relay looks for unpublished events besides being woken at each commit. */
  OUTBOX_POLL_MS: wholeNumber(1000, 50),
  /**
   * How long after handing an event to Redis the relay looks its job up again: a finished job settles the
   * event, a job Redis no longer has (it lost its data) is handed over again. Checked every half lease.
   */
  OUTBOX_LEASE_MS: wholeNumber(30_000, 1000),
  /** Domain-event jobs one worker process handles at once. */
  WORKER_CONCURRENCY: wholeNumber(8, 1, 256),
  /** How often the expiry job marks food whose safe time has passed as expired. */
  EXPIRY_CHECK_MS: wholeNumber(60_000, 1000),
  /** Attempts of a domain-event job (exponential backoff from 0.5 s) before it counts as failed. */
  JOB_ATTEMPTS: wholeNumber(10, 1, 50),
});

/** Listings and the handover (docs/DOMAIN-RULES.md). */
export const listingsConfig = z.object({
  /**
   * The shortest pickup window accepted, in minutes (docs/DOMAIN-RULES.md, "The pickup window": 30). Tests
   * shorten it, with NOT_COLLECTED_GRACE_MINUTES, to see a window run out without faking the clock.
   */
  MIN_PICKUP_WINDOW_MINUTES: wholeNumber(30, 1, 24 * 60),
  /** A request still pending this long after its window ends becomes not collected. */
  NOT_COLLECTED_GRACE_MINUTES: wholeNumber(30, 0, 24 * 60),
  /**
   * How long a transport offer waits for one of the charity's volunteers to accept it, at most until the
   * pickup window ends (docs/DOMAIN-RULES.md, "Volunteers and their trips"); then it goes back to the
   * coordinator. 0 (tests): it ends at once.
   */
  TRANSPORT_OFFER_MINUTES: wholeNumber(30, 0, 24 * 60),
  /**
   * A charity that cancels this many claims within LIMITS.quickCancelMinutes of making them, over
   * LIMITS.quickCancelWindowHours, has its claiming paused for LIMITS.quickCancelPauseHours (claiming and
   * cancelling at once would harvest donors' addresses; docs/OPERATIONS.md, "Limits and timeouts"). `0`
   * turns the pause off (the benchmarks' write mix cancels far faster than any charity does).
   */
  QUICK_CANCELS_MAX: wholeNumber(3, 0, 1000),
  /**
   * The offer cascade (docs/DOMAIN-RULES.md): how long a new listing of a donor with partner charities is
   * offered to them alone before it reaches the open board, for cooked food (`cooked_meal`: it has an
   * hour or two to live) and for everything else. Minutes, fractions allowed, so tests can use seconds.
   */
  OFFER_COOKED_MINUTES: minutes(15, 24 * 60),
  OFFER_OTHER_MINUTES: minutes(30, 24 * 60),
  /**
   * Standing collections (docs/DOMAIN-RULES.md, "Standing collections"): a schedule's day becomes a real
   * listing this many minutes before its window opens, and its standing charity has this many minutes to
   * confirm or decline before the next is asked. Minutes, fractions allowed, so tests can use seconds.
   */
  SCHEDULE_LEAD_MINUTES: minutes(120, 24 * 60),
  STANDING_CONFIRM_MINUTES: minutes(30, 24 * 60),
  /**
   * The donor's reminder of a standing collection's day (in-app and on the channels the donor's `reminders`
   * choices allow, with "Nothing today") goes this many minutes before its window opens; 0: no reminders.
   * Shorter than SCHEDULE_LEAD_MINUTES by default, so that it can say whether a standing charity confirmed.
   */
  SCHEDULE_REMINDER_MINUTES: minutes(60, 24 * 60),
  /** How often the worker looks for schedules' days to list (ms). */
  SCHEDULE_CHECK_MS: wholeNumber(60_000, 1000),
  /**
   * The listing job's batches (docs/DESIGN.md, "Standing collections: materialising in batches"): how many
   * schedules one transaction lists the days of, and how long it rests after each, as a percentage of the
   * time the batch took (100: as long again, so at most about half a core and one connection).
   */
  SCHEDULE_BATCH_SIZE: wholeNumber(200, 1, 5000),
  SCHEDULE_BATCH_REST_PERCENT: wholeNumber(100, 0, 1000),
});

/** Sockets and the operator console. */
export const realtimeConfig = z.object({
  /**
   * The most `stats.updated` messages one API instance writes to its `counters` watchers per second (one
   * message per watcher). Up to COUNTERS_MESSAGES_PER_SECOND / 4 watchers they get the contract's 250 ms;
   * a larger crowd gets its messages further apart (20,000 watchers at the default: every 500 ms), so the
   * counters never take more than their share of the instance's CPU (docs/REALTIME.md, docs/PERFORMANCE.md).
   */
  COUNTERS_MESSAGES_PER_SECOND: wholeNumber(40_000, 1000),
  /** How often operators' consoles receive a live snapshot of queues, outbox, sockets and health. */
  OPS_SNAPSHOT_MS: wholeNumber(2000, 500),
  /**
   * Lets a scraper read GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`; operators' session
   * tokens are accepted too. Anonymous readers are refused.
   */
  METRICS_TOKEN: textOf(16).optional(),
});

/**
 * Where photos are kept: `local` (under DATA_DIR/photos, or PHOTO_DIR) or `s3` (an S3-compatible store:
 * S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).
 */
export const photosConfig = z.object({
  PHOTO_STORAGE: oneOf(['local', 's3']).default('local'),
  PHOTO_DIR: z.string().optional(),
  S3_ENDPOINT: matching(/^https?:\/\//, 'an http(s):// URL').optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Uploads (docs/OPERATIONS.md, "Limits and timeouts").
  /** Uploads (photos, verification documents) one account may have in progress at once; more get 429. */
  UPLOADS_PER_USER: wholeNumber(2, 1, 100),
  /** Uploads one API process reads and processes at once; more get 429 before their body is read. */
  UPLOADS_PER_PROCESS: wholeNumber(4, 1, 1000),
  /** The most memory (MB) one uploaded image may take once decoded, read from its header; more is a 400. */
  IMAGE_DECODE_MAX_MB: wholeNumber(128, 16, 4096),
});

export const mailConfig = z.object({
  /**
   * The SMTP server e-mail goes through: `smtp://user:pass@host:587` (STARTTLS when offered) or
   * `smtps://…:465`. Unset: messages are written to DATA_DIR/mail as .eml files and listed in the
   * operator console instead (development; docs/NOTIFICATIONS.md).
   */
  SMTP_URL: matching(/^smtps?:\/\//, 'an smtp:// or smtps:// URL').optional(),
  /** The From of every e-mail. */
  MAIL_FROM: textOf(3).default('Food Link <no-reply@foodlink.eg>'),
});

/**
 * Web Push (docs/PUSH.md). The VAPID key pair identifies this server to browsers' push services: a
 * browser subscribed with the public key accepts pushes signed with the private key only, so changing
 * the keys ends every subscription. Base64url, as `npx web-push generate-vapid-keys` prints them.
 * Required in production; generated once into DATA_DIR/vapid-keys.json for development.
 */
export const pushConfig = z.object({
  VAPID_PUBLIC_KEY: matching(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key, 65 bytes base64url (87 characters)').optional(),
  VAPID_PRIVATE_KEY: matching(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, 32 bytes base64url (43 characters)').optional(),
  /** How push services can reach the operator of this server: a mailto: or https: URL. */
  VAPID_SUBJECT: matching(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'a mailto: or https: URL').optional(),
  /**
   * Also accept http:// and loopback push endpoints (tests serve their own push service on 127.0.0.1).
   * Private, link-local and other reserved addresses stay refused. Not allowed in production.
   */
  PUSH_ALLOW_LOCAL_ENDPOINTS: flag(),
});

/** Matching, delivery and reminders (docs/NOTIFICATIONS.md). */
export const notificationsConfig = z.object({
  /**
   * New matching food a charity hears of by push and e-mail in any hour (sliding); beyond it the food
   * still reaches its in-app list (silent), so one busy donor cannot flood anyone's phone or inbox.
   */
  NOTIFY_NEW_FOOD_PER_HOUR: wholeNumber(10, 1, 1000),
  /** Notification jobs (matching, sending) one worker process handles at once: mostly waiting on SMTP and push services. */
  NOTIFY_CONCURRENCY: wholeNumber(16, 1, 256),
  /** Attempts of a notification job before it fails for good and is shown to operators. */
  NOTIFY_ATTEMPTS: wholeNumber(10, 1, 50),
  /**
   * The first retry's delay of a notification job; each next one doubles (10 s: about 85 minutes in all
   * for 10 attempts, so an SMTP server away for a while delays e-mail without losing it).
   */
  NOTIFY_BACKOFF_MS: wholeNumber(10_000, 100, 3_600_000),
  /** How long before its pickup window opens a charity is reminded. */
  PICKUP_REMINDER_MINUTES: wholeNumber(30, 0, 24 * 60),
});

/**
 * WhatsApp (Meta's Cloud API) and SMS (a Twilio-compatible Messages API): docs/MESSAGING.md. A channel is
 * on when all its variables are set; otherwise nothing is sent on it (phone codes are written to
 * DATA_DIR/messages instead, as e-mail is to DATA_DIR/mail).
 */
export const messagingConfig = z.object({
  /** The Graph API's base, with its version: `https://graph.facebook.com/v23.0`. */
  WHATSAPP_GRAPH_URL: matching(/^https?:\/\/\S+$/, 'an http(s):// URL').optional(),
  /** The business phone number's id (not the number itself). */
  WHATSAPP_PHONE_NUMBER_ID: matching(/^\d{1,32}$/, 'the digits of the phone number id').optional(),
  /** A system user's access token, sent as `Authorization: Bearer`. */
  WHATSAPP_TOKEN: textOf(8).optional(),
  /** The token Meta echoes in the webhook subscription handshake (`hub.verify_token`). */
  WHATSAPP_VERIFY_TOKEN: textOf(8).optional(),
  /** The app secret webhooks are signed with (`X-Hub-Signature-256`). */
  WHATSAPP_APP_SECRET: textOf(8).optional(),
  /** The approved authentication template phone codes are sent with outside the 24-hour window. */
  WHATSAPP_CODE_TEMPLATE: textOf(1).default('foodlink_phone_code'),
  /** The base of the Twilio-compatible API: `https://api.twilio.com`. */
  SMS_API_URL: matching(/^https?:\/\/\S+$/, 'an http(s):// URL').optional(),
  SMS_ACCOUNT_SID: textOf(2).optional(),
  /** Basic auth password of the API, and the key status callbacks are signed with (`X-Twilio-Signature`). */
  SMS_AUTH_TOKEN: textOf(8).optional(),
  /** The sender: an E.164 number or an alphanumeric sender id. */
  SMS_FROM: textOf(2).optional(),
  /**
   * Messages per second the `messaging` queue sends, across every worker process: the Cloud API's
   * throughput for one business number is 80 by default (Meta raises it to 1,000 on request).
   */
  MESSAGING_PER_SECOND: wholeNumber(80, 1, 1000),
  /** Attempts of a message refused for a reason waiting may mend (429, 5xx, the network) before it fails for good. */
  MESSAGING_ATTEMPTS: wholeNumber(8, 1, 50),
  /** The first retry's delay of a message (each next doubles), and how long the whole queue waits after a 429. */
  MESSAGING_BACKOFF_MS: wholeNumber(5000, 50, 3_600_000),
  /** Phone codes sent to one phone number in any hour (sliding); more get 429. */
  PHONE_CODES_PER_PHONE_PER_HOUR: wholeNumber(3, 1, 100),
  /** Phone codes one account may ask for in any hour (sliding), whatever the numbers; more get 429. */
  PHONE_CODES_PER_ACCOUNT_PER_HOUR: wholeNumber(5, 1, 100),
});

/**
 * The web app's maps (docs/OPERATIONS.md, "Maps"): the raster tile server and its attribution, sent to the
 * browser by GET /api/map/config and allowed by the Content-Security-Policy's img-src. The default is
 * OpenStreetMap's own tile server, whose usage policy allows light use with this attribution; a busy
 * deployment points these at a tile provider of its own.
 */
export const mapConfig = z.object({
  /** A Leaflet URL template: http(s), `{z}`, `{x}` and `{y}`; `{s}` (subdomains a, b, c) only in the host's first label. */
  MAP_TILE_URL: matching(
    /^https?:\/\/(?:\{s\}\.)?[A-Za-z0-9.-]+(?::\d{1,5})?\/[^\s"'<>]*\{z\}[^\s"'<>]*\{x\}[^\s"'<>]*\{y\}[^\s"'<>]*$/,
    'an http(s) tile URL template with {z}, {x} and {y}, like https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** The attribution the tile provider requires, shown on every map. */
  MAP_ATTRIBUTION: textOf(1).default('© OpenStreetMap contributors'),
});

/** The whole configuration: every area's variables. Variables of the environment it does not name are ignored. */
export const CONFIG_SCHEMA = z.object({
  ...serverConfig.shape,
  ...databaseConfig.shape,
  ...redisConfig.shape,
  ...authConfig.shape,
  ...jobsConfig.shape,
  ...listingsConfig.shape,
  ...realtimeConfig.shape,
  ...photosConfig.shape,
  ...mailConfig.shape,
  ...pushConfig.shape,
  ...notificationsConfig.shape,
  ...messagingConfig.shape,
  ...mapConfig.shape,
});

export type ConfigValues = z.output<typeof CONFIG_SCHEMA>;

/** Rules between variables, each answering one line per problem; checked once every variable is valid. */
export const AREA_RULES: ReadonlyArray<(config: ConfigValues) => string[]> = [
  function authRules(config) {
    return [
      ...(Boolean(config.OPERATOR_EMAIL) !== Boolean(config.OPERATOR_PASSWORD) ? ['OPERATOR_EMAIL and OPERATOR_PASSWORD must be set together'] : []),
      ...(config.NODE_ENV === 'production' && !config.JWT_SECRET ? ['JWT_SECRET is required in production'] : []),
    ];
  },
  function photosRules(config) {
    const complete = config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY;
    return config.PHOTO_STORAGE === 's3' && !complete
      ? ['PHOTO_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY']
      : [];
  },
  /** VAPID: all three variables in production (and no PUSH_ALLOW_LOCAL_ENDPOINTS there). */
  function pushRules(config) {
    const problems: string[] = [];
    if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
      problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    }
    if (config.NODE_ENV === 'production') {
      for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
        if (!config[name]) problems.push(`${name} is required in production`);
      }
      if (config.PUSH_ALLOW_LOCAL_ENDPOINTS) problems.push('PUSH_ALLOW_LOCAL_ENDPOINTS must not be set in production');
    }
    if (config.VAPID_PUBLIC_KEY && Buffer.from(config.VAPID_PUBLIC_KEY, 'base64url')[0] !== 0x04) {
      problems.push('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (first byte 0x04)');
    }
    return problems;
  },
  /** A channel's variables come all together or not at all. */
  function messagingRules(config) {
    const whatsapp = ['WHATSAPP_GRAPH_URL', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TOKEN', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_APP_SECRET'] as const;
    const sms = ['SMS_API_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;
    return [whatsapp, sms].flatMap((names) => {
      const set = names.filter((name) => config[name]);
      return set.length > 0 && set.length < names.length ? [`${names.join(', ')} must be set together`] : [];
    });
  },
];
