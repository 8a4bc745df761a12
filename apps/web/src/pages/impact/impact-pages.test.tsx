import type { CharityImpactResponse, DonorImpactResponse, PublicImpactResponse } from '@food-link/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { vi } from 'vitest';
import { impact } from '../../i18n/resources/impact';
import { mockApi, renderPage, signInAs, textKeys } from '../../test/test-utils';
import CharityAreaPage from '../charity/charity-area-page';
import DonorDashboardPage from '../donor/donor-dashboard-page';
import { SiteFooter } from '../landing/site-footer';
import DonorImpactPage from './donor-impact-page';
import { barLayout, labelledMonths } from './monthly-chart';
import PublicImpactPage from './public-impact-page';

const figures = (kg: number, meals: number) => ({ kg, meals, co2e_kg: kg * 2.5, water_l: kg * 190 });

const donorImpact: DonorImpactResponse = {
  ...figures(42.5, 120),
  months: [
    { month: '2026-01', ...figures(10, 30) },
    { month: '2026-02', ...figures(2.5, 10) },
    { month: '2026-03', ...figures(30, 80) },
  ],
  pickup_points: [
    { pickup_point_id: 4, label: 'Tahrir branch', ...figures(40, 110) },
    { pickup_point_id: null, label: null, ...figures(2.5, 10) },
  ],
  charities: [
    { charity_user_id: 21, name: 'Ahl Masr Foundation', kg: 30, meals: 80 },
    { charity_user_id: 22, name: 'Hope Kitchen', kg: 12.5, meals: 40 },
  ],
};
const noImpact = { ...figures(0, 0), months: [] };

/** Rows of a table as their cells' texts. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** Catches what the page hands to the browser as a download: the file name and the blob. */
function catchDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:report');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const saved: { name: string; blob: Promise<string> }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: createObjectURL.mock.calls[saved.length][0].text() });
  });
  return saved;
}

/** The API's answers, with the report served as a file (not JSON) the way the server sends it. */
function serve(routes: Parameters<typeof mockApi>[0]) {
  const json = mockApi(routes);
  const reports: { url: string; authorization: string | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!/^\/api\/impact\/(donor|charity)\/report\?/.test(url)) return json(input, init);
    reports.push({ url, authorization: (init?.headers as Record<string, string> | undefined)?.authorization });
    const format = new URLSearchParams(url.split('?')[1]).get('format');
    const body = format === 'csv' ? '\uFEFFdate,food,charity\r\n2026-03-02,Koshari,Hope Kitchen\r\n' : '%PDF-1.3\n%fake';
    return new Response(body, { headers: { 'content-disposition': `attachment; filename="foodlink-acknowledgment-2026-03.${format}"` } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { json, reports };
}

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

describe('the monthly chart', () => {
  it('places the oldest month at the reading start: left in English, right in Arabic', () => {
    const ltr = barLayout(3, false);
    const rtl = barLayout(3, true);
    expect(ltr[0].x).toBeLessThan(ltr[2].x);
    expect(rtl[0].x).toBeGreaterThan(rtl[2].x);
    expect(rtl[0].x).toBeCloseTo(ltr[2].x);
  });

  it('labels at most six months, always the latest', () => {
    expect([...labelledMonths(3)].sort((a, b) => a - b)).toEqual([0, 1, 2]);
    const many = labelledMonths(24);
    expect(many.size).toBeLessThanOrEqual(6);
    expect(many.has(23)).toBe(true);
  });
});

describe('the donor impact page', () => {
  it('shows the totals, a chart of each figure by month with its table, the pickup points and the charities', async () => {
    signInAs('donor', 7);
    serve({ 'GET /api/impact/donor': { body: donorImpact } });
    renderPage(<DonorImpactPage />, '/DonerDashboard/impact');
    expect(screen.getByRole('heading', { level: 1, name: 'Your impact' })).toBeInTheDocument();
    const totals = await screen.findByLabelText('Totals');
    expect(within(totals).getByText('42.5')).toBeInTheDocument();
    expect(within(totals).getByText('120')).toBeInTheDocument();
    expect(within(totals).getByText('106.3')).toBeInTheDocument(); // 42.5 × 2.5 = 106.25
    expect(within(totals).getByText('8,075')).toBeInTheDocument(); // 42.5 × 190

    // The kg chart: one bar per month, the tallest the largest month, named by a summary for screen readers.
    const kgChart = screen.getByRole('img', { name: /^Food \(kg\) by month, from Jan 2026 to Mar 2026; highest 30 in Mar 2026\.$/ });
    const bars = [...kgChart.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.dataset.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[2]).toBeGreaterThan(heights[0]);
    expect(heights[0] / heights[2]).toBeCloseTo(10 / 30);
    expect(screen.getByRole('img', { name: /^Meals by month/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^CO2e avoided \(kg\) by month/ })).toBeInTheDocument();

    // The same figures as a table.
    const monthTable = screen.getByRole('table', { name: 'Food, meals and CO2e avoided by month' });
    expect(rowsOf(monthTable)).toEqual([
      ['Jan 2026', '10', '30', '25'],
      ['Feb 2026', '2.5', '10', '6.3'],
      ['Mar 2026', '30', '80', '75'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'By pickup point' }))).toEqual([
      ['Tahrir branch', '40', '110', '100'],
      ['No pickup point', '2.5', '10', '6.3'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'The charities you fed' }))).toEqual([
      ['Ahl Masr Foundation', '30', '80'],
      ['Hope Kitchen', '12.5', '40'],
    ]);
  });

  it('downloads the chosen month as CSV and PDF, sending the session and the page language', async () => {
    signInAs('donor', 7);
    const { reports } = serve({ 'GET /api/impact/donor': { body: donorImpact } });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderPage(<DonorImpactPage />, '/DonerDashboard/impact');
    const month = await screen.findByLabelText('Month');
    // Newest first, the newest chosen.
    expect(within(month).getAllByRole('option').map((option) => option.textContent)).toEqual(['Mar 2026', 'Feb 2026', 'Jan 2026']);
    expect(month).toHaveValue('2026-03');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['foodlink-acknowledgment-2026-03.csv']));
    await user.selectOptions(month, '2026-02');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(reports).toEqual([
      { url: '/api/impact/donor/report?month=2026-03&format=csv&lang=en', authorization: 'token-7' },
      { url: '/api/impact/donor/report?month=2026-02&format=pdf&lang=en', authorization: 'token-7' },
    ]);
    expect(await saved[0].blob).toContain('2026-03-02,Koshari,Hope Kitchen');
    expect(await saved[1].blob).toMatch(/^%PDF/);
  });

  it('says so when a download fails', async () => {
    signInAs('donor', 7);
    serve({ 'GET /api/impact/donor': { body: donorImpact } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/impact/donor/report') ? new Response('', { status: 500 }) : new Response(JSON.stringify(donorImpact)),
      ),
    );
    const user = userEvent.setup();
    renderPage(<DonorImpactPage />, '/DonerDashboard/impact');
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be downloaded. Please try again.');
  });

  it('has an empty state before the first fulfilled donation, without a chart or downloads', async () => {
    signInAs('donor', 7);
    serve({ 'GET /api/impact/donor': { body: { ...noImpact, pickup_points: [], charities: [] } } });
    renderPage(<DonorImpactPage />, '/DonerDashboard/impact');
    expect(await screen.findByText(/No fulfilled donations yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('asks a visitor who is not signed in as a donor to log in, and makes no call', async () => {
    const { json } = serve({});
    renderPage(<DonorImpactPage />, '/DonerDashboard/impact');
    expect(screen.getByText('Please log in to see your impact.')).toBeInTheDocument();
    expect(json).not.toHaveBeenCalled();
  });

  it('reads right to left in Arabic, with Arabic digits and months, a mirrored chart, and Arabic files', async () => {
    await i18next.changeLanguage('ar');
    signInAs('donor', 7);
    const { reports } = serve({ 'GET /api/impact/donor': { body: donorImpact } });
    catchDownloads();
    const user = userEvent.setup();
    renderPage(<DonorImpactPage />, '/DonerDashboard/impact');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'أثرك' })).toBeInTheDocument();
    const totals = await screen.findByLabelText('الإجماليات');
    expect(within(totals).getByText('٤٢٫٥')).toBeInTheDocument();
    const kgChart = screen.getByRole('img', { name: /^الطعام \(كجم\) حسب الشهر/ });
    const [january, , march] = [...kgChart.querySelectorAll('rect')];
    expect(Number(january.getAttribute('x'))).toBeGreaterThan(Number(march.getAttribute('x')));
    await user.click(screen.getByRole('button', { name: 'تنزيل PDF' }));
    await waitFor(() => expect(reports.map((report) => report.url)).toEqual(['/api/impact/donor/report?month=2026-03&format=pdf&lang=ar']));
  });

  it('has an Arabic text for every English one', () => {
    expect(textKeys(impact.ar)).toEqual(textKeys(impact.en));
  });

  it('is linked from the donor dashboard', async () => {
    signInAs('donor', 7);
    mockApi({ 'GET /api/donor/7': { body: [] }, 'GET /api/pickup-points': { body: [] }, 'GET /api/donor/partners': { body: { charities: [] } } });
    renderPage(<DonorDashboardPage />, '/DonerDashboard');
    expect(await screen.findByRole('link', { name: 'Your impact' })).toHaveAttribute('href', '/DonerDashboard/impact');
  });
});

describe("the charity's impact view", () => {
  const received: CharityImpactResponse = {
    ...figures(12.5, 40),
    months: [{ month: '2026-03', ...figures(12.5, 40) }],
    donors: [{ donor_user_id: 7, name: 'Nile Bakery', kg: 12.5, meals: 40 }],
  };

  it('shows what the charity received, by month and by donor, from the nav', async () => {
    signInAs('charity', 21);
    mockApi({ 'GET /api/available': { body: [] }, 'GET /api/impact/charity': { body: received } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp');
    await user.click(await screen.findByRole('button', { name: 'Impact' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Food received' })).toHaveFocus();
    expect(await screen.findByRole('img', { name: /^Food \(kg\) by month, from Mar 2026 to Mar 2026; highest 12.5 in Mar 2026\.$/ })).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'The donors who fed you' }))).toEqual([['Nile Bakery', '12.5', '40']]);
    expect(screen.getByRole('button', { name: 'Impact' })).toHaveAttribute('aria-current', 'page');
  });

  it('has an empty state, without downloads, and reads in Arabic', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 21);
    mockApi({ 'GET /api/impact/charity': { body: { ...noImpact, donors: [] } } });
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=impact');
    expect(await screen.findByText(/لم تستلم شيئًا بعد/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'الطعام المستلَم' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تنزيل CSV' })).toBeNull();
  });

  const twoMonths: CharityImpactResponse = { ...received, months: [{ month: '2026-02', ...figures(2.5, 10) }, ...received.months] };

  it("downloads the charity's own acknowledgment of the chosen month as CSV and PDF, with its session", async () => {
    signInAs('charity', 21);
    const { reports } = serve({ 'GET /api/available': { body: [] }, 'GET /api/impact/charity': { body: twoMonths } });
    const saved = catchDownloads();
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=impact');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Monthly acknowledgment of food received' })).closest('section') as HTMLElement;
    expect(within(section).getByText(/One row per donation you received in the month/)).toBeInTheDocument();
    const month = within(section).getByLabelText('Month');
    expect(within(month).getAllByRole('option').map((option) => option.textContent)).toEqual(['Mar 2026', 'Feb 2026']);
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.selectOptions(month, '2026-02');
    await user.click(within(section).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(reports).toEqual([
      { url: '/api/impact/charity/report?month=2026-03&format=csv&lang=en', authorization: 'token-21' },
      { url: '/api/impact/charity/report?month=2026-02&format=pdf&lang=en', authorization: 'token-21' },
    ]);
    // Saved under the server's name (Content-Disposition), with the server's bytes.
    expect(saved.map((file) => file.name)).toEqual(['foodlink-acknowledgment-2026-03.csv', 'foodlink-acknowledgment-2026-03.pdf']);
    expect(await saved[0].blob).toContain('2026-03-02,Koshari,Hope Kitchen');
    expect(await saved[1].blob).toMatch(/^%PDF/);
  });

  it('asks for the files in Arabic, and says so when a download fails', async () => {
    await i18next.changeLanguage('ar');
    signInAs('charity', 21);
    const { reports } = serve({ 'GET /api/impact/charity': { body: received } });
    const user = userEvent.setup();
    renderPage(<CharityAreaPage />, '/FoodDonationApp?view=impact');
    expect(await screen.findByRole('heading', { level: 2, name: 'الإقرار الشهري بالطعام المستلَم' })).toBeInTheDocument();
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => (reports.push({ url: String(input), authorization: undefined }), new Response('', { status: 500 }))));
    await user.click(screen.getByRole('button', { name: 'تنزيل PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر تنزيل الملف. يُرجى المحاولة مرة أخرى.');
    expect(reports.map((report) => report.url)).toEqual(['/api/impact/charity/report?month=2026-03&format=pdf&lang=ar']);
  });
});

describe('the public transparency page', () => {
  const publicImpact: PublicImpactResponse = {
    ...figures(42.5, 120),
    governorates: [
      { governorate: 'EG-C', ...figures(40, 110) },
      { governorate: null, ...figures(2.5, 10) },
    ],
    months: donorImpact.months,
    rows: [
      { governorate: 'EG-C', month: '2026-01', ...figures(10, 30) },
      { governorate: 'EG-C', month: '2026-03', ...figures(30, 80) },
      { governorate: null, month: '2026-02', ...figures(2.5, 10) },
    ],
    factors: [{ name: 'co2e_per_kg', value: 2.5, source: 'FAO (2013)', source_url: 'https://www.fao.org/4/i3347e/i3347e.pdf', valid_from: '2020-01-01' }],
  };

  it('shows totals per governorate and month without an account', async () => {
    const fetchMock = mockApi({ 'GET /api/impact/public': { body: publicImpact } });
    renderPage(<PublicImpactPage />, '/impact');
    expect(screen.getByRole('heading', { level: 1, name: 'Our impact across Egypt' })).toBeInTheDocument();
    expect(rowsOf(await screen.findByRole('table', { name: 'By governorate' }))).toEqual([
      ['Cairo', '40', '110', '100'],
      ['No pickup point', '2.5', '10', '6.3'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'By governorate and month' }))).toEqual([
      ['Mar 2026', 'Cairo', '30', '80', '75'],
      ['Feb 2026', 'No pickup point', '2.5', '10', '6.3'],
      ['Jan 2026', 'Cairo', '10', '30', '25'],
    ]);
    expect(screen.getByRole('link', { name: 'FAO (2013)' })).toHaveAttribute('href', 'https://www.fao.org/4/i3347e/i3347e.pdf');
    expect(screen.getByRole('img', { name: /^Food \(kg\) by month/ })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0];
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('names the governorates in Arabic', async () => {
    await i18next.changeLanguage('ar');
    mockApi({ 'GET /api/impact/public': { body: publicImpact } });
    renderPage(<PublicImpactPage />, '/impact');
    const table = await screen.findByRole('table', { name: 'حسب المحافظة' });
    expect(rowsOf(table)[0][0]).toBe('القاهرة');
  });

  it('has an empty state', async () => {
    mockApi({ 'GET /api/impact/public': { body: { ...publicImpact, ...figures(0, 0), governorates: [], months: [], rows: [] } } });
    renderPage(<PublicImpactPage />, '/impact');
    expect(await screen.findByText('No donations have been fulfilled yet.')).toBeInTheDocument();
  });

  it('is linked from the landing page footer', () => {
    renderPage(<SiteFooter />, '/');
    expect(screen.getByRole('link', { name: 'Our impact' })).toHaveAttribute('href', '/impact');
  });
});
