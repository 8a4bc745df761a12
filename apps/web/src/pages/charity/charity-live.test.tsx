import { act, screen, waitFor, within } from '@testing-library/react';
import { LiveHub } from '../../live/live-hub';
import CharityAreaPage from './charity-area-page';
import { charityRequest, foodItem, liveEvent, mockApi, renderPage, signInAs } from '../../test/test-utils';

// The hub is never connected: events go in through its public dispatch, as if the socket had received them.

const koshari = foodItem({ id: 1, food_name: 'Koshari', expiration_date: '2030-05-20' });
const ful = foodItem({ id: 2, food_name: 'Ful medames', expiration_date: '2030-05-10' });
const bread = foodItem({ id: 3, food_name: 'Baladi bread', expiration_date: '2030-05-30' });

async function showBoard() {
  const hub = new LiveHub();
  const fetchMock = mockApi({ 'GET /api/available': { body: [koshari] } });
  renderPage(<CharityAreaPage />, '/FoodDonationApp', { hub });
  await screen.findByRole('article', { name: 'Koshari' });
  return { hub, fetchMock };
}

const cardNames = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

/** The cache tells its views on the next tick; wait for the board to show `names`. */
const boardShows = (names: string[]) => waitFor(() => expect(cardNames()).toEqual(names));

describe('the charity board, live', () => {
  it('adds a listed food in expiry order without fetching the list again, and announces it', async () => {
    const { hub, fetchMock } = await showBoard();
    act(() => hub.dispatch(liveEvent('food.listed', { foodId: 2, food: ful })));
    await boardShows(['Ful medames', 'Koshari']);
    expect(screen.getByText('New food available: Ful medames')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('removes a food once it is claimed', async () => {
    const { hub } = await showBoard();
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 1, requestId: 50, governorate: null })));
    await boardShows([]);
    expect(screen.getByText('No available food donations')).toBeInTheDocument();
  });

  it('ignores an event id it has already seen', async () => {
    const { hub } = await showBoard();
    const listed = liveEvent('food.listed', { foodId: 2, food: ful });
    act(() => hub.dispatch(listed));
    act(() => hub.dispatch(listed));
    await boardShows(['Ful medames', 'Koshari']);
    expect(screen.getAllByText('New food available: Ful medames')).toHaveLength(1);

    // A repeat is dropped for its id, even when it would otherwise look like news. The bread, sent after
    // it, shows when the repeat would have.
    act(() => hub.dispatch(liveEvent('food.claimed', { foodId: 2, requestId: 50, governorate: null })));
    act(() => hub.dispatch(liveEvent('food.listed', { foodId: 2, food: ful }, { id: listed.id })));
    act(() => hub.dispatch(liveEvent('food.listed', { foodId: 3, food: bread })));
    await boardShows(['Koshari', 'Baladi bread']);
  });

  it('takes an expired food off the board', async () => {
    const { hub } = await showBoard();
    act(() => hub.dispatch(liveEvent('food.expired', { foodId: 1, governorate: null })));
    await boardShows([]);
  });
});

describe('the charity requests, live', () => {
  async function showRequests() {
    signInAs('charity', 9);
    const hub = new LiveHub();
    mockApi({
      'GET /api/charity/9': { body: [charityRequest({ request_id: 50, food_name: 'Koshari' }), charityRequest({ request_id: 51, food_id: 2, food_name: 'Ful medames' })] },
    });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=requests', { hub });
    await screen.findByRole('article', { name: 'Koshari' });
    return hub;
  }

  it('shows a request fulfilled as soon as the donor donates', async () => {
    const hub = await showRequests();
    act(() => hub.dispatch(liveEvent('request.fulfilled', { foodId: 1, requestId: 50 })));
    expect(await within(screen.getByRole('article', { name: 'Koshari' })).findByText('Fulfilled')).toBeInTheDocument();
  });

  it('drops a request cancelled elsewhere (another tab of the same charity)', async () => {
    const hub = await showRequests();
    act(() => hub.dispatch(liveEvent('request.cancelled', { foodId: 2, requestId: 51, governorate: null })));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ful medames' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Koshari' })).toBeInTheDocument();
  });
});
