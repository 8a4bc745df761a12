import type { AnyEventEnvelope, FailedJobView, OpsEventView } from '@food-link/contracts';
import type { Job } from 'bullmq';

/** What operators see of a domain event: its type, time and item, never the people involved. */
export function opsEventView(envelope: AnyEventEnvelope, publishedAt: Date | null): OpsEventView {
  const data = envelope.data as { foodId?: number; requestId?: number };
  return {
    id: envelope.id,
    type: envelope.type,
    occurredAt: envelope.occurredAt,
    publishedAt: publishedAt?.toISOString() ?? null,
    foodId: data.foodId ?? null,
    requestId: data.requestId ?? null,
  };
}

/** A failed job as the operator console lists it. */
export function failedJobView(job: Job): FailedJobView {
  const data = job.data as { envelope?: { data?: { foodId?: unknown } } } | undefined;
  const foodId = data?.envelope?.data?.foodId;
  return {
    id: job.id ?? '',
    queue: job.queueName,
    name: job.name,
    error: job.failedReason || 'Unknown error',
    attempts: job.attemptsMade,
    failedAt: new Date(job.finishedOn ?? job.processedOn ?? job.timestamp).toISOString(),
    foodId: typeof foodId === 'number' ? foodId : null,
  };
}

/** True when this failure used the job's last attempt: it now waits in the failed set for an operator. */
export function isFinalFailure(job: Job): boolean {
  return job.attemptsMade >= (job.opts.attempts ?? 1);
}
