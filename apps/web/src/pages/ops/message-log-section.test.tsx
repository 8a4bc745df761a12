import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { mockApi, renderPage, signInAs } from '../../test/test-utils';
import { MessageLogSection } from './message-log-section';

const counts = (failed: number) => ({ written: 0, sent: 12, delivered: 7, read: 3, failed, received: 2 });
const failedItem = {
  id: '42',
  channel: 'whatsapp',
  direction: 'out',
  kind: 'donation.claimed',
  status: 'failed',
  error: '131026 Message undeliverable',
  user_id: 7,
  phone: '+2010•••••678',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:05.000Z',
};

describe('operator console: the WhatsApp and SMS log', () => {
  beforeEach(() => signInAs('operator', 1, 'Operator'));
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('shows the counts per channel and the failed sends with their reasons, and filters by channel and status', async () => {
    const fetchMock = mockApi({
      'GET /api/ops/messages': { body: { counts: { whatsapp: counts(1), sms: counts(0) }, items: [{ ...failedItem, status: 'sent', error: null, id: '41' }] } },
      'GET /api/ops/messages?channel=whatsapp&status=failed': { body: { counts: { whatsapp: counts(1), sms: counts(0) }, items: [failedItem] } },
    });
    renderPage(<MessageLogSection operatorId={1} />, '/ops');
    const table = await screen.findByRole('table', { name: 'The last 7 days by channel and status' });
    const whatsapp = within(table).getByRole('row', { name: /WhatsApp/ });
    expect(within(whatsapp).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0', '12', '7', '3', '1', '2']);
    expect(await screen.findAllByTestId('message-row')).toHaveLength(1);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'whatsapp');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    const row = await screen.findByText('131026 Message undeliverable');
    expect(within(row.closest('tr') as HTMLElement).getByText('Failed')).toBeInTheDocument();
    expect(within(row.closest('tr') as HTMLElement).getByText('+2010•••••678')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(expect.stringContaining('/api/ops/messages?channel=whatsapp&status=failed'));
  });

  it('speaks Arabic, with Arabic digits', async () => {
    await i18next.changeLanguage('ar');
    mockApi({ 'GET /api/ops/messages': { body: { counts: { whatsapp: counts(1), sms: counts(0) }, items: [] } } });
    renderPage(<MessageLogSection operatorId={1} />, '/ops');
    const table = await screen.findByRole('table', { name: 'آخر ٧ أيام حسب القناة والحالة' });
    expect(within(table).getByRole('row', { name: /واتساب/ })).toHaveTextContent('١٢');
    expect(await screen.findByText('لا رسائل بعد.')).toBeInTheDocument();
  });
});
