import type { VerificationView } from '@food-link/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { vi } from 'vitest';
import { LiveHub } from '../../live/live-hub';
import CharityAreaPage from '../charity/charity-area-page';
import { foodItem, liveEvent, mockApi, renderPage, signInAs, type Reply } from '../../test/test-utils';

const view = (overrides: Partial<VerificationView> = {}): VerificationView => ({
  status: 'unverified',
  reason: null,
  submitted_at: null,
  decided_at: null,
  claiming_suspended_until: null,
  claim_limit: 2,
  ...overrides,
});
const pdf = () => new File(['%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'], 'moss.pdf', { type: 'application/pdf' });
const showVerification = (hub?: LiveHub) => renderPage(<CharityAreaPage />, '/FoodDonationApp?view=verification', { hub });
const status = () => screen.getByTestId('verification-status');

describe("the charity's verification", () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('is a view of the charity area, reached from its navigation, and says what unverified means', async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/verification': { body: view() }, 'GET /api/available': { body: [foodItem()] } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    // The board says so first, with a link.
    const notice = await screen.findByTestId('verification-notice');
    expect(notice).toHaveTextContent('Not verified. Until an operator verifies your charity you may hold 2 claims at a time.');
    expect(within(notice).getByRole('link', { name: 'Verification' })).toHaveAttribute('href', '/FoodDonationApp?view=verification');
    await user.click(await screen.findByRole('button', { name: 'Verification' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Charity verification' })).toHaveFocus();
    expect(document.title).toBe('Charity verification · Food Link');
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Status: Not verified');
    expect(status()).toHaveTextContent('you may hold 2 claims at a time');
    expect(screen.getByRole('heading', { level: 2, name: 'Send your registration' })).toBeInTheDocument();
    // Nothing sent yet: no document to view.
    expect(screen.queryByRole('button', { name: 'View the document you sent' })).not.toBeInTheDocument();
  });

  it('names each missing or bad field before sending anything, and focuses the first', async () => {
    signInAs('charity', 9);
    const fetchMock = mockApi({ 'GET /api/charity/verification': { body: view() } });
    // A picker set to "All files" lets a file through that `accept` does not name.
    const user = userEvent.setup({ applyAccept: false });
    showVerification();
    await screen.findByTestId('verification-form');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(screen.getByLabelText(/Registration document/)).toHaveAccessibleDescription(expect.stringContaining('Choose the document to send'));
    await user.type(screen.getByLabelText(/Contact phone/), '12345');
    await user.upload(screen.getByLabelText(/Registration document/), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(screen.getByLabelText(/MoSS registration number/)).toHaveFocus();
    expect(screen.getByLabelText(/MoSS registration number/)).toHaveAccessibleDescription(expect.stringContaining('This field is required'));
    expect(screen.getByLabelText(/Registered address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Contact phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Registration document/)).toHaveAccessibleDescription(
      expect.stringContaining('The document must be a PDF or an image (JPEG, PNG or WebP)'),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('sends the registration as multipart with the session, then shows it waiting for review', async () => {
    signInAs('charity', 9);
    let sent: FormData | null = null;
    let headers: Record<string, string> = {};
    const fetchMock = mockApi({
      'GET /api/charity/verification': { body: view() },
      'POST /api/charity/verification': (init): Reply => {
        sent = init?.body as FormData;
        headers = init?.headers as Record<string, string>;
        return { status: 201, body: view({ status: 'pending', submitted_at: '2030-01-01T10:00:00.000Z' }) };
      },
    });
    const user = userEvent.setup();
    showVerification();
    await screen.findByTestId('verification-form');
    await user.type(screen.getByLabelText(/MoSS registration number/), ' 1234/2019 ');
    await user.type(screen.getByLabelText(/Registered address/), '12 Tahrir St, Dokki, Giza');
    await user.type(screen.getByLabelText(/Contact phone/), '0101 234 5678');
    const document = pdf();
    await user.upload(screen.getByLabelText(/Registration document/), document);
    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    expect(await screen.findByText('Sent. An operator will review it.')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Status: Waiting for review');
    expect(screen.queryByTestId('verification-form')).not.toBeInTheDocument();
    expect(sent).toBeInstanceOf(FormData);
    const form = sent as unknown as FormData;
    expect(form.get('moss_number')).toBe('1234/2019');
    expect(form.get('address')).toBe('12 Tahrir St, Dokki, Giza');
    expect(form.get('contact_phone')).toBe('+201012345678');
    expect((form.get('document') as File).name).toBe('moss.pdf');
    expect(headers.authorization).toBe('token-9');
    // The browser writes the multipart content type with its boundary.
    expect(headers['content-type']).toBeUndefined();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it("shows the server's field problems beside their fields, and a refused size beside the document", async () => {
    signInAs('charity', 9);
    let answer: Reply = { status: 400, body: { statusCode: 400, error: 'Bad Request', message: ['moss_number must be digits, with / or - between them'] } };
    mockApi({ 'GET /api/charity/verification': { body: view() }, 'POST /api/charity/verification': () => answer });
    const user = userEvent.setup();
    showVerification();
    await screen.findByTestId('verification-form');
    await user.type(screen.getByLabelText(/MoSS registration number/), '1234');
    await user.type(screen.getByLabelText(/Registered address/), 'Giza');
    await user.type(screen.getByLabelText(/Contact phone/), '01012345678');
    await user.upload(screen.getByLabelText(/Registration document/), pdf());
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/MoSS registration number/)).toHaveAccessibleDescription(expect.stringContaining('must be digits, with / or - between them')),
    );
    answer = { status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'document must be at most 5 MB' } };
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(screen.getByLabelText(/Registration document/)).toHaveAccessibleDescription(expect.stringContaining('The document must be at most 5 MB')));
  });

  it("after a rejection shows the operator's reason and offers to send again", async () => {
    signInAs('charity', 9);
    mockApi({ 'GET /api/charity/verification': { body: view({ status: 'rejected', reason: 'The document is unreadable', decided_at: '2030-01-02T10:00:00.000Z' }) } });
    showVerification();
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Status: Not accepted');
    expect(status()).toHaveTextContent('Operator’s reason: The document is unreadable');
    expect(screen.getByRole('heading', { level: 2, name: 'Send your registration again' })).toBeInTheDocument();
  });

  it('while suspended, or with claiming suspended after no-shows, says so and until when, with no form', async () => {
    signInAs('charity', 9);
    mockApi({
      'GET /api/charity/verification': {
        body: view({ status: 'verified', claim_limit: 0, claiming_suspended_until: '2030-01-09T10:00:00.000Z', decided_at: '2030-01-02T10:00:00.000Z' }),
      },
    });
    showVerification();
    expect(await screen.findByRole('alert')).toHaveTextContent('Claiming is suspended until 9 Jan 2030, 12:00 after repeated no-shows');
    expect(screen.queryByTestId('verification-form')).not.toBeInTheDocument();
    cleanup();
    mockApi({ 'GET /api/charity/verification': { body: view({ status: 'suspended', claim_limit: 0, reason: 'Reselling food' }) } });
    showVerification();
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Your charity is suspended and cannot claim food.');
    expect(status()).toHaveTextContent('Operator’s reason: Reselling food');
    expect(screen.queryByTestId('verification-form')).not.toBeInTheDocument();
  });

  it("changes live when an operator decides, without asking the server again, and says so", async () => {
    signInAs('charity', 9);
    const hub = new LiveHub();
    const fetchMock = mockApi({ 'GET /api/charity/verification': { body: view({ status: 'pending', submitted_at: '2030-01-01T10:00:00.000Z' }) } });
    showVerification(hub);
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('Waiting for review');
    act(() =>
      hub.dispatch(
        liveEvent('charity.verification', {
          charityId: 3,
          action: 'verify',
          verification: view({ status: 'verified', claim_limit: 5, submitted_at: '2030-01-01T10:00:00.000Z', decided_at: '2030-01-02T10:00:00.000Z' }),
        }),
      ),
    );
    await waitFor(() => expect(status()).toHaveTextContent('Status: Verified'));
    expect(status()).toHaveTextContent('you may hold 5 claims at a time');
    expect(screen.getByText('Your verification status is now: Verified')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  describe('the document it sent', () => {
    const DOCUMENT = 'GET /api/charity/verification/document';
    const sentView = view({ status: 'pending', submitted_at: '2030-01-01T10:00:00.000Z' });
    const documentCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/charity/verification/document');
    // jsdom has no object URLs: each names the type of the blob it stands for.
    const objectUrls = { createObjectURL: vi.fn((blob: Blob) => `blob:${blob.type}`), revokeObjectURL: vi.fn() };
    beforeEach(() => {
      objectUrls.revokeObjectURL.mockClear();
      vi.stubGlobal('URL', Object.assign(URL, objectUrls));
    });

    it('is fetched with the session only when asked for, shown inline (a PDF in a frame), and released when hidden', async () => {
      signInAs('charity', 9);
      const fetchMock = mockApi({
        'GET /api/charity/verification': { body: sentView },
        [DOCUMENT]: { file: new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }) },
      });
      const user = userEvent.setup();
      showVerification();
      const show = await screen.findByRole('button', { name: 'View the document you sent' });
      expect(show).toHaveAttribute('aria-expanded', 'false');
      expect(documentCalls(fetchMock)).toHaveLength(0);

      await user.click(show);
      const frame = await screen.findByTitle('The document you sent');
      expect(frame.tagName).toBe('IFRAME');
      expect(frame).toHaveAttribute('src', 'blob:application/pdf');
      expect(screen.getByRole('link', { name: 'Open the document in a new tab' })).toHaveAttribute('href', 'blob:application/pdf');
      const [call] = documentCalls(fetchMock);
      expect((call[1]?.headers as Record<string, string>).authorization).toBe('token-9');
      const hide = screen.getByRole('button', { name: 'Hide the document' });
      expect(hide).toHaveAttribute('aria-expanded', 'true');

      await user.click(hide);
      expect(screen.queryByTitle('The document you sent')).not.toBeInTheDocument();
      expect(objectUrls.revokeObjectURL).toHaveBeenCalledWith('blob:application/pdf');
    });

    it('shows an image as an image, and says when it cannot be loaded', async () => {
      signInAs('charity', 9);
      let answer: Reply = { file: new Blob(['webp'], { type: 'image/webp' }) };
      mockApi({ 'GET /api/charity/verification': { body: view({ status: 'verified', claim_limit: 5, submitted_at: '2030-01-01T10:00:00.000Z' }) }, [DOCUMENT]: () => answer });
      const user = userEvent.setup();
      showVerification();
      await user.click(await screen.findByRole('button', { name: 'View the document you sent' }));
      expect(await screen.findByRole('img', { name: 'The document you sent' })).toHaveAttribute('src', 'blob:image/webp');
      await user.click(screen.getByRole('button', { name: 'Hide the document' }));
      answer = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No document has been submitted' } };
      await user.click(screen.getByRole('button', { name: 'View the document you sent' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The document could not be loaded.');
    });

    it('is offered in Arabic too', async () => {
      signInAs('charity', 9);
      await i18next.changeLanguage('ar');
      mockApi({ 'GET /api/charity/verification': { body: sentView }, [DOCUMENT]: { file: new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }) } });
      const user = userEvent.setup();
      showVerification();
      await user.click(await screen.findByRole('button', { name: 'اعرض المستند الذي أرسلته' }));
      expect(await screen.findByTitle('المستند الذي أرسلته')).toHaveAttribute('src', 'blob:application/pdf');
      expect(screen.getByRole('link', { name: 'افتح المستند في علامة تبويب جديدة' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'إخفاء المستند' })).toBeInTheDocument();
    });
  });

  it('reads in Arabic, right to left, with Arabic digits', async () => {
    signInAs('charity', 9);
    await i18next.changeLanguage('ar');
    mockApi({ 'GET /api/charity/verification': { body: view() } });
    showVerification();
    expect(await screen.findByTestId('verification-status')).toHaveTextContent('الحالة: غير موثّقة');
    expect(status()).toHaveTextContent('الحد الأقصى لطلباتك النشطة في الوقت نفسه: ٢');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: 'إرسال للمراجعة' })).toBeInTheDocument();
  });
});
