import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage, type Reply } from '../../test/test-utils';
import { OPS_CALLS, callsTo, failedJob, opsOverview, opsSnapshot, operatorSession, queueCounts } from '../../test/ops-test-utils';
import OpsConsolePage from './ops-console-page';

type Handler = Reply | ((init?: RequestInit) => Reply);

// An id that needs encoding in a path, to see it is sent as one segment.
const broken = failedJob({ id: 'evt/7 a', name: 'food.claimed', error: 'Redis connection lost', attempts: 5, foodId: 12 });
const other = failedJob({ id: 'evt-8', name: 'request.fulfilled', error: 'Timed out', attempts: 3, foodId: null });

/**
 * Opens the console with `lists` as the successive answers of the domain-events failed list (the last
 * one repeats), and `answers` for the actions.
 */
async function openFailedJobs(lists: ReturnType<typeof failedJob>[][], answers: Record<string, Handler> = {}) {
  const hub = operatorSession();
  let call = 0;
  const fetchMock = mockApi({
    [OPS_CALLS.snapshot]: { body: opsSnapshot() },
    [OPS_CALLS.overview]: { body: opsOverview() },
    [OPS_CALLS.events]: { body: [] },
    [OPS_CALLS.failed()]: () => ({ body: lists[Math.min(call++, lists.length - 1)] }),
    ...answers,
  });
  renderPage(<OpsConsolePage />, '/ops', { hub });
  const section = await screen.findByTestId('ops-failed-jobs');
  await waitFor(() => expect(within(section).queryByText('Loading...')).not.toBeInTheDocument());
  return { hub, fetchMock, user: userEvent.setup() };
}

const rows = () => screen.queryAllByTestId('failed-job-row');
const rowOf = (jobId: string) => {
  const row = rows().find((candidate) => candidate.dataset.jobId === jobId);
  if (!row) throw new Error(`No row for job ${jobId}`);
  return row;
};
const dialog = () => screen.getByTestId('ops-confirm-dialog');

describe('failed jobs', () => {
  it('lists each failed job with its event type, error, attempts, time and food item', async () => {
    await openFailedJobs([[broken, other]]);
    expect(rows()).toHaveLength(2);
    const row = within(rowOf('evt/7 a'));
    expect(row.getByText('food.claimed')).toBeInTheDocument();
    expect(row.getByText('Redis connection lost')).toBeInTheDocument();
    expect(row.getByText('5')).toBeInTheDocument();
    // 09:30 UTC is 11:30 in Cairo.
    expect(row.getByText('22 Nov 2026, 11:30:00')).toBeInTheDocument();
    expect(row.getByText('12')).toBeInTheDocument();
    expect(within(rowOf('evt-8')).getByText('—')).toBeInTheDocument();
  });

  it('retries one job after confirmation, shows the server\'s answer and fetches the list again', async () => {
    const { fetchMock, user } = await openFailedJobs([[broken, other], [other]], {
      'POST /api/ops/queues/domain-events/jobs/evt%2F7%20a/retry': { body: { message: 'Job evt/7 a was queued again', count: 1 } },
    });

    await user.click(within(rowOf('evt/7 a')).getByRole('button', { name: 'Retry job evt/7 a' }));
    expect(dialog()).toHaveAttribute('open');
    expect(within(dialog()).getByRole('heading', { name: 'Retry this job?' })).toBeInTheDocument();
    expect(within(dialog()).getByText(/Job evt\/7 a \(food.claimed\) goes back into the domain-events queue/)).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(callsTo(fetchMock, 'POST /api/ops/queues/domain-events/jobs/evt%2F7%20a/retry')).toBe(0);

    await user.click(screen.getByTestId('ops-confirm'));
    expect(dialog()).not.toHaveAttribute('open');
    const result = screen.getByTestId('ops-action-result');
    expect(await within(result).findByText('Job evt/7 a was queued again')).toBeInTheDocument();
    // Also announced, through the shared polite notice area.
    expect(screen.getAllByText('Job evt/7 a was queued again')).toHaveLength(2);
    expect(result).toHaveFocus();
    expect(callsTo(fetchMock, 'POST /api/ops/queues/domain-events/jobs/evt%2F7%20a/retry')).toBe(1);
    await waitFor(() => expect(rows().map((row) => row.dataset.jobId)).toEqual(['evt-8']));
    expect(callsTo(fetchMock, OPS_CALLS.failed())).toBe(2);
  });

  it('does nothing when the question is cancelled', async () => {
    const { fetchMock, user } = await openFailedJobs([[broken]]);
    await user.click(screen.getByTestId('failed-job-remove'));
    expect(within(dialog()).getByRole('heading', { name: 'Remove this job?' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(dialog()).not.toHaveAttribute('open');
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    expect(rows()).toHaveLength(1);
  });

  it('removes one job with DELETE after confirmation', async () => {
    const { fetchMock, user } = await openFailedJobs([[broken, other], [broken]], {
      'DELETE /api/ops/queues/domain-events/jobs/evt-8': { body: { message: 'Job evt-8 was removed', count: 1 } },
    });
    await user.click(within(rowOf('evt-8')).getByRole('button', { name: 'Remove job evt-8' }));
    expect(within(dialog()).getByText(/deleted from the domain-events queue for good/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Remove job' }));

    expect(await within(screen.getByTestId('ops-action-result')).findByText('Job evt-8 was removed')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/ops/queues/domain-events/jobs/evt-8')).toBe(1);
    await waitFor(() => expect(rows().map((row) => row.dataset.jobId)).toEqual(['evt/7 a']));
  });

  it('retries every failed job of the queue after confirmation', async () => {
    const { fetchMock, user } = await openFailedJobs([[broken, other], []], {
      'POST /api/ops/queues/domain-events/failed/retry': { body: { message: '2 failed jobs were queued again', count: 2 } },
    });
    await user.click(screen.getByTestId('failed-retry-all'));
    expect(within(dialog()).getByText('All 2 failed jobs of the domain-events queue go back into the queue and run again.')).toBeInTheDocument();
    await user.click(screen.getByTestId('ops-confirm'));

    expect(await within(screen.getByTestId('ops-action-result')).findByText('2 failed jobs were queued again')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/ops/queues/domain-events/failed/retry')).toBe(1);
    expect(await screen.findByText('No failed jobs in this queue.')).toBeInTheDocument();
    expect(screen.getByTestId('failed-retry-all')).toBeDisabled();
  });

  it('says why an action did not succeed, and shows the list as it now is', async () => {
    const { fetchMock, user } = await openFailedJobs([[broken], [failedJob({ ...broken, attempts: 6 })]], {
      'POST /api/ops/queues/domain-events/jobs/evt%2F7%20a/retry': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Job evt/7 a is active, not failed' },
      },
    });
    await user.click(screen.getByTestId('failed-job-retry'));
    await user.click(screen.getByTestId('ops-confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The action did not succeed: Job evt/7 a is active, not failed');
    await waitFor(() => expect(callsTo(fetchMock, OPS_CALLS.failed())).toBe(2));
    expect(await within(rowOf('evt/7 a')).findByText('6')).toBeInTheDocument();
  });

  it('fetches the list again when a job uses up its attempts (ops.job.failed)', async () => {
    const { hub, fetchMock } = await openFailedJobs([[], [broken]]);
    expect(screen.getByText('No failed jobs in this queue.')).toBeInTheDocument();
    act(() => hub.dispatchOps('ops.job.failed', broken));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(callsTo(fetchMock, OPS_CALLS.failed())).toBe(2);
  });

  it('fetches the list again when the snapshot\'s failed count for the queue changes, and only then', async () => {
    const { hub, fetchMock } = await openFailedJobs([[broken], [broken, other]]);
    const pushed = (at: string, domainEvents: Parameters<typeof queueCounts>[1], maintenanceFailed = 0) =>
      act(() =>
        hub.dispatchOps(
          'ops.snapshot',
          opsSnapshot({
            at,
            queues: [queueCounts('domain-events', domainEvents), queueCounts('maintenance', { failed: maintenanceFailed })],
          }),
        ),
      );

    // Same failed count (1) as the fetched snapshot: other counts and other queues do not matter.
    pushed('2026-11-22T12:00:02.000Z', { failed: 1, waiting: 8, completed: 150 }, 3);
    await screen.findByText('Updated at 14:00:02');
    expect(callsTo(fetchMock, OPS_CALLS.failed())).toBe(1);

    pushed('2026-11-22T12:00:04.000Z', { failed: 2 });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(fetchMock, OPS_CALLS.failed())).toBe(2);
  });

  it('shows the maintenance queue\'s failed jobs when it is chosen', async () => {
    const { user } = await openFailedJobs([[broken]], {
      [OPS_CALLS.failed('maintenance')]: { body: [failedJob({ id: 'expire-1', queue: 'maintenance', name: 'expire-food', foodId: null })] },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Queue' }), 'maintenance');
    await waitFor(() => expect(rows().map((row) => row.dataset.jobId)).toEqual(['expire-1']));
    expect(within(rowOf('expire-1')).getByText('expire-food')).toBeInTheDocument();
  });
});
