import { screen, within } from '@testing-library/react';
import { mockApi, renderPage } from '../../test/test-utils';
import { OPS_CALLS, opsOverview, opsSnapshot, operatorSession } from '../../test/ops-test-utils';
import OpsConsolePage from './ops-console-page';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

describe('operator console sections', () => {
  it('links each panel from a bar at the top, so the review queue and moderation are one tap away', async () => {
    const hub = operatorSession();
    mockApi({
      [OPS_CALLS.snapshot]: { body: opsSnapshot() },
      [OPS_CALLS.overview]: { body: opsOverview() },
      [OPS_CALLS.events]: { body: [] },
      [OPS_CALLS.failed()]: { body: [] },
    });
    renderPage(<OpsConsolePage />, '/ops', { hub });
    const bar = await screen.findByRole('navigation', { name: 'Console sections' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Status and counts', '#ops-status'],
      ['Review queue', '#ops-review'],
      ['Find and moderate', '#ops-moderation'],
      ['Failed jobs', '#ops-jobs'],
      ['Events', '#ops-events'],
      ['Personal data', '#ops-data'],
      ['WhatsApp and SMS', '#ops-messages'],
      ['Mail', '#ops-mail'],
    ]);
    for (const link of links) expect(document.querySelector(`${link.getAttribute('href')} section`)).not.toBeNull();
    expect(document.querySelector('#ops-moderation')).toContainElement(screen.getByRole('search', { name: 'Find a listing or an account' }));
  });
});
