import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage, signInAs } from '../../test/test-utils';
import { MailOutboxSection } from './mail-outbox-section';

const item = {
  file: '2026-11-24T10-00-00-000Z-abc.eml',
  to: 'donor@example.eg',
  subject: 'Reset your Food Link password',
  date: '2026-11-24T10:00:00.000Z',
};

describe('operator console: the development mail outbox', () => {
  beforeEach(() => signInAs('operator', 1, 'Operator'));

  it('lists the written e-mails and shows one with its link', async () => {
    mockApi({
      'GET /api/ops/mail': { body: [item] },
      [`GET /api/ops/mail/${encodeURIComponent(item.file)}`]: {
        body: { ...item, text: 'Hello,\n\nhttp://localhost:3000/reset-password?token=abc\n', raw: 'From: …' },
      },
    });
    renderPage(<MailOutboxSection operatorId={1} />, '/ops');
    const row = await screen.findByTestId('mail-row');
    expect(within(row).getByText('donor@example.eg')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Read: Reset your Food Link password' }));
    expect(await screen.findByText(/reset-password\?token=abc/)).toBeInTheDocument();
  });

  it('says so when nothing has been written', async () => {
    mockApi({ 'GET /api/ops/mail': { body: [] } });
    renderPage(<MailOutboxSection operatorId={1} />, '/ops');
    expect(await screen.findByText('No e-mail has been written yet.')).toBeInTheDocument();
  });
});
