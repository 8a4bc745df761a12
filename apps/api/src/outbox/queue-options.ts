import type { DefaultJobOptions } from 'bullmq';
import type { AppConfig } from '../config/app-config';

/** Every BullMQ key of this deployment lives under its Redis prefix. */
export const bullPrefix = (config: AppConfig) => `${config.REDIS_PREFIX}bull`;

/**
 * Domain-event jobs retry JOB_ATTEMPTS times with exponential backoff (0.5 s, 1 s, 2 s ... about 4 minutes
 * in all for the default 10), failed ones are kept a week for operators to retry or remove, and
 * completed ones an hour: while a job is kept, a re-send of its event (same job id) is ignored by BullMQ.
 */
export const domainEventJobOptions = (config: AppConfig): DefaultJobOptions => ({
  attempts: config.JOB_ATTEMPTS,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 3600, count: 50_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
});
