import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../session/session';
import { routes } from '../../app/router';
import { deliverOpsEvent, setLiveConnection } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { failure, mockApi, renderPage, signInAs, type Reply } from '../../test/test-utils';
import {
  OPS_CALLS,
  callsTo,
  opsEvent,
  opsOverview,
  opsSnapshot,
  operatorSession,
  queueCounts,
} from '../../test/ops-test-utils';
import OpsConsolePage from './ops-console-page';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

type Handler = Reply | ((init?: RequestInit) => Reply);

const firstEvent = opsEvent({ id: 'e-1', type: 'food.listed', foodId: 12 });

/**
 * Signs in as an operator and opens the console with these answers (and sensible ones for the rest);
 * resolves once the snapshot is on screen.
 */
async function openConsole(answers: Record<string, Handler> = {}) {
  const hub = operatorSession();
  const fetchMock = mockApi({
    [OPS_CALLS.snapshot]: { body: opsSnapshot() },
    [OPS_CALLS.overview]: { body: opsOverview() },
    [OPS_CALLS.events]: { body: [firstEvent] },
    [OPS_CALLS.failed()]: { body: [] },
    ...answers,
  });
  const view = renderPage(<OpsConsolePage />, '/ops', { hub });
  await screen.findByTestId('ops-health-database');
  return { hub, fetchMock, ...view };
}

const queueCell = (queue: string, column: string) => {
  const row = screen.getAllByTestId('ops-queue-row').find((candidate) => candidate.dataset.queue === queue);
  if (!row) throw new Error(`No row for queue ${queue}`);
  return within(row).getByTestId(`queue-${column}`);
};

const shownEventIds = () => within(screen.getByTestId('ops-events')).getAllByTestId('ops-event').map((item) => item.dataset.eventId);

describe('the operator console', () => {
  it('shows the queue counts, outbox backlog, sockets, health and the last hour of events', async () => {
    await openConsole();

    expect(screen.getByRole('heading', { level: 1, name: 'Operator console' })).toBeInTheDocument();
    expect(queueCell('domain-events', 'waiting')).toHaveTextContent('3');
    expect(queueCell('domain-events', 'active')).toHaveTextContent('1');
    expect(queueCell('domain-events', 'delayed')).toHaveTextContent('2');
    expect(queueCell('domain-events', 'completed')).toHaveTextContent('140');
    expect(queueCell('domain-events', 'failed')).toHaveTextContent('1');
    expect(queueCell('maintenance', 'completed')).toHaveTextContent('12');

    const outbox = screen.getByTestId('ops-outbox');
    expect(within(outbox).getByText('4')).toBeInTheDocument();
    expect(within(outbox).getByText('3 minutes, 4 seconds')).toBeInTheDocument();
    expect(within(screen.getByTestId('ops-sockets')).getByText('17')).toBeInTheDocument();
    const workers = screen.getByTestId('ops-health-workers');
    expect(within(workers).getByText('Up')).toBeInTheDocument();
    expect(within(workers).getByText('2 ms')).toBeInTheDocument();
    expect(within(workers).getByText('Workers connected').nextElementSibling).toHaveTextContent('2');
    expect(within(screen.getByTestId('ops-health-database')).getByText('3 ms')).toBeInTheDocument();
    expect(screen.getByText('Updated at 14:00:00')).toBeInTheDocument();

    // The chart's text alternative is its visible summary (times in Cairo, UTC+2 in November).
    const summary = 'Events in the last hour: 6. Busiest minute: 13:10 (4). Last minute: 2.';
    expect(screen.getByRole('img', { name: summary })).toBeInTheDocument();
    expect(screen.getByTestId('ops-chart-summary')).toHaveTextContent(summary);
  });

  it('updates the counts from a pushed ops.snapshot, without fetching again', async () => {
    const { hub, fetchMock } = await openConsole();
    act(() =>
      hub.dispatchOps(
        'ops.snapshot',
        opsSnapshot({
          at: '2026-11-22T12:00:02.000Z',
          queues: [queueCounts('domain-events', { waiting: 9, active: 4, completed: 141, failed: 1 })],
          sockets: 18,
        }),
      ),
    );
    await waitFor(() => expect(queueCell('domain-events', 'waiting')).toHaveTextContent('9'));
    expect(queueCell('domain-events', 'active')).toHaveTextContent('4');
    expect(queueCell('domain-events', 'completed')).toHaveTextContent('141');
    expect(within(screen.getByTestId('ops-sockets')).getByText('18')).toBeInTheDocument();
    expect(screen.getByText('Updated at 14:00:02')).toBeInTheDocument();
    expect(callsTo(fetchMock, OPS_CALLS.snapshot)).toBe(1);
  });

  it('keeps the newer figures when an older snapshot arrives late', async () => {
    const { hub } = await openConsole();
    act(() => hub.dispatchOps('ops.snapshot', opsSnapshot({ at: '2026-11-22T12:00:04.000Z', sockets: 30 })));
    act(() => hub.dispatchOps('ops.snapshot', opsSnapshot({ at: '2026-11-22T12:00:02.000Z', sockets: 20 })));
    await waitFor(() => expect(within(screen.getByTestId('ops-sockets')).getByText('30')).toBeInTheDocument());
  });

  it('says which service is down and does not pass off what it cannot know as zero', async () => {
    await openConsole({
      [OPS_CALLS.snapshot]: {
        body: opsSnapshot({
          queues: [],
          sockets: null,
          health: {
            status: 'error',
            checks: {
              database: { status: 'up', latencyMs: 3 },
              redis: { status: 'down', error: 'Redis does not answer' },
              workers: { status: 'down', count: 0, error: 'No worker is connected' },
            },
          },
        }),
      },
    });

    const redis = screen.getByTestId('ops-health-redis');
    expect(within(redis).getByText('Down')).toBeInTheDocument();
    expect(within(redis).getByText('Redis does not answer')).toBeInTheDocument();
    expect(within(screen.getByTestId('ops-health-workers')).getByText('No worker is connected')).toBeInTheDocument();
    expect(within(screen.getByTestId('ops-sockets')).getByText('Not known while Redis is down.')).toBeInTheDocument();
    expect(screen.queryByTestId('ops-queues')).not.toBeInTheDocument();
    expect(screen.getAllByText('Not known while Redis is down.')).toHaveLength(2);
  });

  it('puts a pushed ops.event at the top of the recent events, once', async () => {
    const { hub } = await openConsole();
    expect(await screen.findByTestId('ops-events')).toBeInTheDocument();
    const claimed = opsEvent({ id: 'e-2', type: 'food.claimed', foodId: 12, requestId: 50 });

    act(() => hub.dispatchOps('ops.event', claimed));
    act(() => hub.dispatchOps('ops.event', claimed));
    // An event the list already holds (it was fetched) is not shown twice either.
    act(() => hub.dispatchOps('ops.event', { ...firstEvent }));

    await waitFor(() => expect(shownEventIds()).toEqual(['e-2', 'e-1']));
    const top = within(screen.getByTestId('ops-events')).getAllByTestId('ops-event')[0];
    expect(top).toHaveTextContent('Food claimed');
    expect(top).toHaveTextContent('food.claimed');
    expect(top).toHaveTextContent('Food item 12 · Request 50');
    expect(top).toHaveTextContent('22 Nov 2026, 12:00:');
  });

  it('keeps only the latest 100 events', async () => {
    const hundred = Array.from({ length: 100 }, (_, index) => opsEvent({ id: `old-${index}` }));
    const { hub } = await openConsole({ [OPS_CALLS.events]: { body: hundred } });
    await screen.findByTestId('ops-events');
    act(() => hub.dispatchOps('ops.event', opsEvent({ id: 'newest' })));
    await waitFor(() => expect(shownEventIds()[0]).toBe('newest'));
    expect(shownEventIds()).toHaveLength(100);
    expect(shownEventIds()).not.toContain('old-99');
  });

  it('filters the events by type, on the server and as they arrive', async () => {
    const claimed = opsEvent({ id: 'c-1', type: 'food.claimed', requestId: 50 });
    // What the server has recorded, newest first.
    const recorded = [claimed, firstEvent];
    const { hub, fetchMock } = await openConsole({
      [OPS_CALLS.events]: () => ({ body: [...recorded] }),
      [OPS_CALLS.eventsOf('food.claimed')]: () => ({ body: recorded.filter((event) => event.type === 'food.claimed') }),
    });
    await screen.findByTestId('ops-events');
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'food.claimed');
    await waitFor(() => expect(shownEventIds()).toEqual(['c-1']));
    expect(callsTo(fetchMock, OPS_CALLS.eventsOf('food.claimed'))).toBe(1);

    for (const event of [opsEvent({ id: 'l-2', type: 'food.listed' }), opsEvent({ id: 'c-2', type: 'food.claimed', requestId: 51 })]) {
      recorded.unshift(event);
      act(() => hub.dispatchOps('ops.event', event));
    }
    await waitFor(() => expect(shownEventIds()).toEqual(['c-2', 'c-1']));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'all');
    await waitFor(() => expect(shownEventIds()).toEqual(['c-2', 'l-2', 'c-1', 'e-1']));
  });

  it('shows the platform overview and counts it again when events arrive, at most every few seconds', async () => {
    let donors = 31;
    const { hub, fetchMock } = await openConsole({
      [OPS_CALLS.overview]: () => ({ body: opsOverview({ users: { donors: donors++, charities: 8, operators: 2 } }) }),
    });
    const overview = screen.getByTestId('ops-overview');
    expect(await within(overview).findByTestId('overview-users-donors')).toHaveTextContent('31');
    expect(within(overview).getByTestId('overview-items-total')).toHaveTextContent('29');
    expect(within(overview).getByTestId('overview-items-claimed')).toHaveTextContent('5');
    expect(within(overview).getByTestId('overview-requests-fulfilled')).toHaveTextContent('40');
    expect(within(overview).getByTestId('overview-requests-total')).toHaveTextContent('49');
    expect(within(overview).getByTestId('overview-requests-not_collected')).toHaveTextContent('1');
    expect(within(overview).getByTestId('overview-impact-totalMeals')).toHaveTextContent('1,250');
    expect(within(overview).getByTestId('overview-events-recorded')).toHaveTextContent('512');

    act(() => hub.dispatchOps('ops.event', opsEvent()));
    await waitFor(() => expect(within(overview).getByTestId('overview-users-donors')).toHaveTextContent('32'));
    act(() => hub.dispatchOps('ops.event', opsEvent()));
    act(() => hub.dispatchOps('ops.event', opsEvent()));
    expect(callsTo(fetchMock, OPS_CALLS.overview)).toBe(2);
  });

  it('ends the console with a way to Login when an ops call answers 401', async () => {
    operatorSession();
    mockApi({
      [OPS_CALLS.snapshot]: failure(401),
      [OPS_CALLS.overview]: failure(401),
      [OPS_CALLS.events]: failure(401),
      [OPS_CALLS.failed()]: failure(401),
    });
    const user = userEvent.setup();
    renderPage(<OpsConsolePage />, '/ops');
    expect(await screen.findByTestId('ops-access-message')).toHaveTextContent('Your session has ended. Log in again to continue.');
    expect(screen.queryByTestId('ops-overview')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('tells an account the server does not take for an operator (403) to log in as one', async () => {
    operatorSession();
    mockApi({
      [OPS_CALLS.snapshot]: { body: opsSnapshot() },
      [OPS_CALLS.overview]: failure(403),
      [OPS_CALLS.events]: { body: [] },
      [OPS_CALLS.failed()]: { body: [] },
    });
    renderPage(<OpsConsolePage />, '/ops');
    const message = await screen.findByTestId('ops-access-message');
    expect(message).toHaveAttribute('role', 'alert');
    expect(message).toHaveTextContent('This account may not use the operator console. Log in with an operator account.');
    expect(within(message).getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
    expect(screen.queryByTestId('ops-queues')).not.toBeInTheDocument();
  });

  it('logs out: the stored session goes and the home page shows', async () => {
    await openConsole();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('who may see the operator console', () => {
  it('invites a visitor who is not signed in to log in, without calling the API', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderPage(<OpsConsolePage />, '/ops');
    expect(screen.getByText('Log in with an operator account to use the operator console.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['donor', 'donor'],
    ['charity', 'charity'],
  ] as const)('tells a signed-in %s the console is for operators, without calling the API', (role, named) => {
    signInAs(role, role === 'donor' ? 7 : 9);
    const fetchMock = mockApi({});
    renderPage(<OpsConsolePage />, '/ops');
    expect(screen.getByText(new RegExp(`The operator console is for operators only. You are signed in with a ${named} account`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/Login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server who is signed in when the session does not say', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    mockApi({
      'GET /api/auth/me': { body: { user_id: 1, name: 'Ops', email: 'ops@example.org', user_type: 'operator' } },
      [OPS_CALLS.snapshot]: { body: opsSnapshot() },
      [OPS_CALLS.overview]: { body: opsOverview() },
      [OPS_CALLS.events]: { body: [] },
      [OPS_CALLS.failed()]: { body: [] },
    });
    renderPage(<OpsConsolePage />, '/ops');
    expect(await screen.findByTestId('ops-queues')).toBeInTheDocument();
  });

  it('treats a token the server refuses as signed out', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    mockApi({ 'GET /api/auth/me': failure(401) });
    renderPage(<OpsConsolePage />, '/ops');
    expect(await screen.findByText('Log in with an operator account to use the operator console.')).toBeInTheDocument();
  });
});

describe('the /ops route in the app', () => {
  it('loads the console on its own route and takes pushes from the tab\'s socket', async () => {
    signInAs('operator', 1, 'Ops');
    mockApi({
      [OPS_CALLS.snapshot]: { body: opsSnapshot() },
      [OPS_CALLS.overview]: { body: opsOverview() },
      [OPS_CALLS.events]: { body: [] },
      [OPS_CALLS.failed()]: { body: [] },
    });
    renderApp(routes, { path: '/ops' });
    expect(await screen.findByTestId('ops-queues')).toBeInTheDocument();

    await waitFor(() =>
      deliverOpsEvent('ops.snapshot', opsSnapshot({ at: '2026-11-22T12:00:02.000Z', queues: [queueCounts('domain-events', { failed: 0, waiting: 42 })] })),
    );
    await waitFor(() => expect(queueCell('domain-events', 'waiting')).toHaveTextContent('42'));
  });

  it('says whether it is live, and fetches the snapshot again when the connection comes back', async () => {
    signInAs('operator', 1, 'Ops');
    let waiting = 3;
    const fetchMock = mockApi({
      [OPS_CALLS.snapshot]: () => ({ body: opsSnapshot({ queues: [queueCounts('domain-events', { waiting: waiting++ })] }) }),
      [OPS_CALLS.overview]: { body: opsOverview() },
      [OPS_CALLS.events]: { body: [] },
      [OPS_CALLS.failed()]: { body: [] },
    });
    renderApp(routes, { path: '/ops' });
    await screen.findByTestId('ops-queues');
    expect(screen.getByText('Not connected: the figures may be out of date')).toBeInTheDocument();

    await waitFor(() => act(() => setLiveConnection(true)));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(callsTo(fetchMock, OPS_CALLS.snapshot)).toBe(1);

    // Pushes missed while the connection was down are not replayed: what is shown is fetched again.
    act(() => setLiveConnection(false));
    expect(await screen.findByText('Not connected: the figures may be out of date')).toBeInTheDocument();
    act(() => setLiveConnection(true));
    await waitFor(() => expect(queueCell('domain-events', 'waiting')).toHaveTextContent('4'));
    expect(callsTo(fetchMock, OPS_CALLS.snapshot)).toBe(2);
    expect(screen.getByText('Live')).toBeInTheDocument();
  });
});
