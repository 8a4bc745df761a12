import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heldReply, mockApi, renderPage } from '../../test/test-utils';
import { OPS_CALLS, callsTo, opsOverview, opsSnapshot, operatorSession } from '../../test/ops-test-utils';
import OpsConsolePage from './ops-console-page';

const BOARD_SESSION = 'POST /api/ops/board-session';

/** A stand-in for the tab window.open returns. */
const fakeTab = () => ({ opener: {} as unknown, location: { href: '' }, close: vi.fn() });

async function openConsole(boardSession: Parameters<typeof mockApi>[0][string]) {
  const hub = operatorSession();
  const fetchMock = mockApi({
    [OPS_CALLS.snapshot]: { body: opsSnapshot() },
    [OPS_CALLS.overview]: { body: opsOverview() },
    [OPS_CALLS.events]: { body: [] },
    [OPS_CALLS.failed()]: { body: [] },
    [BOARD_SESSION]: boardSession,
  });
  renderPage(<OpsConsolePage />, '/ops', { hub });
  await screen.findByTestId('ops-queues');
  return fetchMock;
}

const inspectorButton = () => screen.getByRole('button', { name: 'Open queue inspector (bull-board)' });

afterEach(() => vi.restoreAllMocks());

describe('the queue inspector link', () => {
  it('opens a tab at once, then sends it to bull-board once the board cookie is set', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const session = heldReply();
    const fetchMock = await openConsole(session.handler);

    await userEvent.click(inspectorButton());
    // Opened in the click itself, before the answer, so popup blockers let it through.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('');
    expect(inspectorButton()).toBeDisabled();
    expect(screen.getByText('Opening the queue inspector...')).toBeInTheDocument();

    session.release({ status: 204 });
    await waitFor(() => expect(tab.location.href).toBe('/admin/queues'));
    const [, init] = fetchMock.mock.calls.find(([path]) => path === '/api/ops/board-session') ?? [];
    expect((init as RequestInit).headers).toMatchObject({ authorization: 'token-1' });
    expect(inspectorButton()).toBeEnabled();
  });

  it('closes the tab and says so when the board session is refused', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openConsole({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Redis is unavailable' } });

    await userEvent.click(inspectorButton());
    // A signed-in write answered 503 is tried twice more (about 1.6 s) before the failure shows.
    expect(await screen.findByText('The queue inspector could not be opened. Please try again.', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('offers a plain link when the browser blocked the new tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const fetchMock = await openConsole({ status: 204 });
    await userEvent.click(inspectorButton());
    const link = await screen.findByRole('link', { name: 'open the queue inspector' });
    expect(link).toHaveAttribute('href', '/admin/queues');
    expect(link).toHaveAttribute('target', '_blank');
    expect(callsTo(fetchMock, BOARD_SESSION)).toBe(1);
  });
});
