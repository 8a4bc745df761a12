import { cleanup, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { ops } from '../../i18n/resources/ops';
import { mockApi, renderPage, textKeys } from '../../test/test-utils';
import { OPS_CALLS, failedJob, opsOverview, opsSnapshot, operatorSession } from '../../test/ops-test-utils';
import OpsConsolePage from './ops-console-page';

describe('the operator console in Arabic', () => {
  afterEach(async () => {
    // Unmount first: switching back must not re-render a screen the test has finished with.
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('has an Arabic text for every English one', () => {
    expect(textKeys(ops.ar)).toEqual(textKeys(ops.en));
  });

  it('reads right to left with Arabic labels, digits and times', async () => {
    await i18next.changeLanguage('ar');
    const hub = operatorSession();
    mockApi({
      [OPS_CALLS.snapshot]: { body: opsSnapshot() },
      [OPS_CALLS.overview]: { body: opsOverview() },
      [OPS_CALLS.events]: { body: [] },
      [OPS_CALLS.failed()]: { body: [failedJob()] },
    });
    renderPage(<OpsConsolePage />, '/ops', { hub });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'لوحة المشغّل' })).toBeInTheDocument();

    const table = await screen.findByTestId('ops-queues');
    expect(within(table).getByRole('columnheader', { name: 'في الانتظار' })).toBeInTheDocument();
    expect(within(table).getByText('١٤٠')).toBeInTheDocument();
    expect(within(screen.getByTestId('ops-outbox')).getByText('٣ دقائق و٤ ثوان')).toBeInTheDocument();
    expect(await within(screen.getByTestId('ops-overview')).findByText('١٬٢٥٠')).toBeInTheDocument();
    const row = await screen.findByTestId('failed-job-row');
    expect(within(row).getByRole('button', { name: /^إعادة محاولة المهمة/ })).toBeInTheDocument();
    expect(within(row).getByText(/١١:٣٠:٠٠/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'فتح أداة فحص الطوابير (bull-board)' })).toBeInTheDocument();
  });
});
