import type { NoShowEntry, OpsVerificationItem, VerificationAuditEntry } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { vi } from 'vitest';
import { mockApi, renderPage, signInAs, type Reply } from '../../test/test-utils';
import { callsTo } from '../../test/ops-test-utils';
import { decisionsFor } from './verification-card';
import { VerificationQueueSection } from './verification-queue-section';

const item = (overrides: Partial<OpsVerificationItem> = {}): OpsVerificationItem => ({
  user_id: 7,
  charity_id: 3,
  name: 'Ahl Masr Foundation',
  email: 'ahl.masr@example.org',
  status: 'pending',
  moss_number: '1234/2019',
  address: '12 Tahrir St, Dokki, Giza',
  contact_phone: '+201001234567',
  submitted_at: '2030-01-01T10:00:00.000Z',
  decided_at: null,
  reason: null,
  claiming_suspended_until: null,
  document_url: '/api/ops/verifications/7/document',
  document_type: 'application/pdf',
  reliability: { completed: 4, no_shows: 1, late_cancellations: 2, score: 0.67 },
  no_show_list: [],
  ...overrides,
});
const PENDING = 'GET /api/ops/verifications?status=pending';
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
/** A document as the server sends it (the mock answers JSON; the bytes do not matter to the page). */
const document7 = { body: '%PDF-1.4' };

describe('operator console: charities to verify', () => {
  beforeEach(() => {
    signInAs('operator', 1, 'Ops');
    // jsdom has no object URLs.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc-7'), revokeObjectURL: vi.fn() }));
  });
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('lists each pending charity oldest first with what it sent, its record and its document inline', async () => {
    const fetchMock = mockApi({
      [PENDING]: { body: [item(), item({ user_id: 8, name: 'Misr El Kheir', document_url: '/api/ops/verifications/8/document', document_type: 'image/webp' })] },
      'GET /api/ops/verifications/7/document': document7,
      'GET /api/ops/verifications/8/document': document7,
    });
    renderPage(<VerificationQueueSection operatorId={1} />, '/ops');
    const cards = await screen.findAllByTestId('verification-item');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Ahl Masr Foundation', 'Misr El Kheir']);
    const first = cards[0];
    expect(first).toHaveTextContent('1234/2019');
    expect(first).toHaveTextContent('12 Tahrir St, Dokki, Giza');
    expect(within(first).getByRole('link', { name: '+201001234567' })).toHaveAttribute('href', 'tel:+201001234567');
    expect(within(first).getByTestId('verification-figures')).toHaveTextContent('4 collected · 1 no-shows · 2 late cancellations');
    // The PDF in a frame, the image as an image, both from object URLs of what the session fetched.
    expect(await within(first).findByTitle('Document of Ahl Masr Foundation')).toHaveAttribute('src', 'blob:doc-7');
    expect(await within(cards[1]).findByRole('img', { name: 'Document of Misr El Kheir' })).toHaveAttribute('src', 'blob:doc-7');
    const documentCall = fetchMock.mock.calls.find(([input]) => String(input) === '/api/ops/verifications/7/document');
    expect((documentCall?.[1]?.headers as Record<string, string>).authorization).toBe('token-1');
    expect(within(first).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });

  it('approves, then refreshes the list', async () => {
    let pending = [item()];
    const fetchMock = mockApi({
      [PENDING]: () => ({ body: pending }),
      'GET /api/ops/verifications/7/document': document7,
      'POST /api/ops/verifications/7': (): Reply => {
        pending = [];
        return { status: 201, body: { status: 'verified', reason: null, submitted_at: null, decided_at: null, claiming_suspended_until: null, claim_limit: 5 } };
      },
    });
    const user = userEvent.setup();
    renderPage(<VerificationQueueSection operatorId={1} />, '/ops');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByTestId('verification-decided')).toHaveTextContent('Ahl Masr Foundation is verified.');
    expect(await screen.findByText('No charity in this list.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ decision: 'verify' });
    expect(callsTo(fetchMock, PENDING)).toBe(2);
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    const fetchMock = mockApi({
      [PENDING]: { body: [item()] },
      'GET /api/ops/verifications/7/document': document7,
      'POST /api/ops/verifications/7': { status: 201, body: { status: 'rejected', reason: 'Unreadable', submitted_at: null, decided_at: null, claiming_suspended_until: null, claim_limit: 2 } },
    });
    const user = userEvent.setup();
    renderPage(<VerificationQueueSection operatorId={1} />, '/ops');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const reason = screen.getByLabelText('Reason (the charity is told)');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('A reason is required to Reject');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    await user.type(reason, 'The document is unreadable');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByTestId('verification-decided')).toHaveTextContent('Ahl Masr Foundation was not accepted.');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ decision: 'reject', reason: 'The document is unreadable' });
  });

  it("says what the server refused, in the reader's words", async () => {
    mockApi({
      [PENDING]: { body: [item()] },
      'GET /api/ops/verifications/7/document': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'none' } },
      'POST /api/ops/verifications/7': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'A charity whose verification is verified cannot be given the decision verify' },
      },
    });
    const user = userEvent.setup();
    renderPage(<VerificationQueueSection operatorId={1} />, '/ops');
    expect(await screen.findByText('The document could not be loaded.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByText(/The decision was not recorded/)).toHaveTextContent(
        'The decision was not recorded: A charity whose verification is verified cannot be given the decision verify',
      ),
    );
  });

  it('filters by status: verified ones may be suspended (with a reason), suspended ones reinstated', async () => {
    const fetchMock = mockApi({
      [PENDING]: { body: [] },
      'GET /api/ops/verifications?status=verified': { body: [item({ status: 'verified', decided_at: '2030-01-02T10:00:00.000Z' })] },
      'GET /api/ops/verifications/7/document': document7,
    });
    const user = userEvent.setup();
    renderPage(<VerificationQueueSection operatorId={1} />, '/ops');
    expect(await screen.findByText('No charity in this list.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Verified');
    const card = await screen.findByTestId('verification-item');
    expect(within(card).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/ops/verifications?status=verified')).toBe(1);

    expect(decisionsFor({ status: 'pending', claiming_suspended_until: null })).toEqual(['verify', 'reject']);
    expect(decisionsFor({ status: 'suspended', claiming_suspended_until: null })).toEqual(['reinstate']);
    expect(decisionsFor({ status: 'unverified', claiming_suspended_until: '2030-01-09T10:00:00.000Z' })).toEqual(['reinstate']);
    expect(decisionsFor({ status: 'rejected', claiming_suspended_until: null })).toEqual([]);
  });

  it("shows a charity's audit trail on demand: who, when, why, and the statuses", async () => {
    const entries: VerificationAuditEntry[] = [
      { id: 3, actor_id: 1, action: 'reject', subject_id: 7, reason: 'Unreadable', status_before: 'pending', status_after: 'rejected', created_at: '2030-01-02T10:00:00.000Z' },
      { id: 2, actor_id: null, action: 'auto_suspend', subject_id: 7, reason: 'Three no-shows in 30 days', status_before: 'pending', status_after: 'pending', created_at: '2030-01-01T12:00:00.000Z' },
      { id: 1, actor_id: 7, action: 'submit', subject_id: 7, reason: null, status_before: 'unverified', status_after: 'pending', created_at: '2030-01-01T10:00:00.000Z' },
    ];
    mockApi({ [PENDING]: { body: [item()] }, 'GET /api/ops/verifications/7/document': document7, 'GET /api/ops/verifications/7/audit': { body: entries } });
    const user = userEvent.setup();
    renderPage(<VerificationQueueSection operatorId={1} />, '/ops');
    const toggle = await screen.findByRole('button', { name: 'Show history' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const lines = await screen.findAllByTestId('audit-entry');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Rejected · 2 Jan 2030, 12:00 · Operator 1Waiting for review → Not acceptedUnreadable',
      'Claiming suspended (no-shows) · 1 Jan 2030, 14:00 · Food Link (automatic)Waiting for review → Waiting for reviewThree no-shows in 30 days',
      'Sent · 1 Jan 2030, 12:00 · The charityNot verified → Waiting for review',
    ]);
    expect(screen.getByRole('button', { name: 'Hide history' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("lists the charity's no-shows and overturns one that counts, with a reason, then refreshes the list", async () => {
    const noShows: NoShowEntry[] = [
      { request_id: 41, donor_id: 5, ended_at: '2030-01-03T10:00:00.000Z', counts: true, overturned_at: null, overturn_reason: null },
      { request_id: 40, donor_id: 5, ended_at: '2030-01-02T10:00:00.000Z', counts: false, overturned_at: null, overturn_reason: null },
      { request_id: 39, donor_id: 6, ended_at: '2030-01-01T10:00:00.000Z', counts: true, overturned_at: '2030-01-02T11:00:00.000Z', overturn_reason: 'Wrong address' },
    ];
    const fetchMock = mockApi({
      [PENDING]: { body: [item({ no_show_list: noShows })] },
      'GET /api/ops/verifications/7/document': document7,
      'POST /api/ops/requests/41/overturn-no-show': {
        body: {
          request_id: 41,
          charity_id: 7,
          reliability: { completed: 4, no_shows: 0, late_cancellations: 2, score: 0.8 },
          verification: { status: 'pending', reason: null, submitted_at: null, decided_at: null, claiming_suspended_until: null, claim_limit: 2 },
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<VerificationQueueSection operatorId={1} />, '/ops');
    const lines = await screen.findAllByTestId('no-show');
    expect(lines.map((line) => line.getAttribute('data-request-id'))).toEqual(['41', '40', '39']);
    expect(lines[1]).toHaveTextContent('Reported before the collect-by time: does not count');
    expect(lines[2]).toHaveTextContent('Overturned: Wrong address');
    // Only the standing one that counts can be overturned.
    expect(within(lines[1]).queryByRole('button', { name: 'Overturn' })).not.toBeInTheDocument();
    expect(within(lines[2]).queryByRole('button', { name: 'Overturn' })).not.toBeInTheDocument();
    await user.click(within(lines[0]).getByRole('button', { name: 'Overturn' }));
    const reason = within(lines[0]).getByLabelText('Why overturn request 41 (the charity is told)');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('A reason is required to overturn it');
    expect(callsTo(fetchMock, 'POST /api/ops/requests/41/overturn-no-show')).toBe(0);
    await user.type(reason, 'The donor gave the wrong address');
    await user.click(within(lines[0]).getByRole('button', { name: 'Overturn' }));
    expect(await within(lines[0]).findByText('The no-show of request 41 is overturned.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([input, init]) => init?.method === 'POST' && String(input) === '/api/ops/requests/41/overturn-no-show');
    expect(bodyOf(post?.[1])).toEqual({ reason: 'The donor gave the wrong address' });
    await waitFor(() => expect(callsTo(fetchMock, PENDING)).toBe(2));
  });

  it('reads in Arabic', async () => {
    await i18next.changeLanguage('ar');
    mockApi({ [PENDING]: { body: [item()] }, 'GET /api/ops/verifications/7/document': document7 });
    renderPage(<VerificationQueueSection operatorId={1} />, '/ops');
    expect(await screen.findByRole('region', { name: 'جمعيات بانتظار التوثيق' })).toBeInTheDocument();
    const card = await screen.findByTestId('verification-item');
    expect(within(card).getByRole('button', { name: 'توثيق' })).toBeInTheDocument();
    expect(within(card).getByTestId('verification-figures')).toHaveTextContent('٤ استلام · ١ عدم حضور · ٢ إلغاء متأخر');
  });
});
