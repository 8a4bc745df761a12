import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { queryKeys } from '../../api/query-keys';
import { LandingPage } from './landing-page';
import { deliverLiveEvent } from '../../test/fake-socket';
import { heldReply, mockApi, renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

const landing = [{ path: '/', element: <LandingPage /> }];

const counters = () => within(screen.getByRole('region', { name: 'Our Mission' }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LandingPage impact counters', () => {
  it('shows the static numbers until the live totals arrive, then the totals', async () => {
    const meals = heldReply();
    const charities = heldReply();
    mockApi({
      'GET /api/request/totalmeals': meals.handler,
      'GET /api/request/totalcharities': charities.handler,
    });
    renderApp(landing);

    expect(counters().getByText('21+')).toBeInTheDocument();
    expect(counters().getByText('4+')).toBeInTheDocument();
    expect(counters().getByText('meals donated')).toBeInTheDocument();
    expect(counters().getByText('charities helped')).toBeInTheDocument();

    meals.release({ body: { totalMeals: 1250 } });
    charities.release({ body: { totalCharities: 7 } });

    expect(await counters().findByText('1,250')).toBeInTheDocument();
    expect(counters().getByText('7')).toBeInTheDocument();
    expect(counters().queryByText('21+')).not.toBeInTheDocument();
  });

  it('ticks when a stats.updated event arrives, without a reload', async () => {
    mockApi({
      'GET /api/request/totalmeals': { body: { totalMeals: 30 } },
      'GET /api/request/totalcharities': { body: { totalCharities: 5 } },
    });
    const { client } = renderApp(landing);
    expect(await counters().findByText('30')).toBeInTheDocument();

    await waitFor(() =>
      deliverLiveEvent({
        id: 'event-1',
        type: 'stats.updated',
        occurredAt: '2026-01-01T10:00:00.000Z',
        data: { totalMeals: 42, totalCharities: 6, kg: 17.64, co2e_kg: 44.1, water_l: 3351.6 },
      }),
    );
    expect(await counters().findByText('42')).toBeInTheDocument();
    expect(counters().getByText('6')).toBeInTheDocument();

    act(() => client.setQueryData(queryKeys.totalMeals, { totalMeals: 50 }));
    expect(await counters().findByText('50')).toBeInTheDocument();
  });

  it('shows kg of food and kg CO2e from /api/impact/totals, live, in English and Arabic', async () => {
    mockApi({
      'GET /api/request/totalmeals': { body: { totalMeals: 30 } },
      'GET /api/request/totalcharities': { body: { totalCharities: 5 } },
      'GET /api/impact/totals': { body: { totalMeals: 30, totalCharities: 5, kg: 1234.4, co2e_kg: 3086, water_l: 234536 } },
    });
    renderApp(landing);
    const kg = await counters().findByText('1,234');
    expect(kg.closest('div')).toHaveTextContent('kg of food saved');
    expect(counters().getByText('3,086').closest('div')).toHaveTextContent('kg CO₂e avoided');

    await waitFor(() =>
      deliverLiveEvent({
        id: 'event-kg',
        type: 'stats.updated',
        occurredAt: '2026-01-01T10:00:00.000Z',
        data: { totalMeals: 31, totalCharities: 5, kg: 1300.6, co2e_kg: 3251.5, water_l: 247114 },
      }),
    );
    expect(await counters().findByText('1,301')).toBeInTheDocument();
    expect(counters().getByText('3,252')).toBeInTheDocument();

    await act(() => i18next.changeLanguage('ar'));
    try {
      const region = within(screen.getByRole('region', { name: 'رسالتنا' }));
      expect(region.getByText('كجم من الطعام أُنقذ')).toBeInTheDocument();
      expect(region.getByText('كجم مكافئ ثاني أكسيد الكربون تم تجنّبه')).toBeInTheDocument();
      expect(region.getByText('١٬٣٠١')).toBeInTheDocument();
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it('keeps the static numbers and logs when the totals cannot be fetched', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const boom = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
    mockApi({ 'GET /api/request/totalmeals': boom, 'GET /api/request/totalcharities': boom });
    renderApp(landing);

    await waitFor(() => {
      expect(logged).toHaveBeenCalledWith('Could not fetch total meals', expect.any(Error));
      expect(logged).toHaveBeenCalledWith('Could not fetch total charities', expect.any(Error));
    });
    expect(counters().getByText('21+')).toBeInTheDocument();
    expect(counters().getByText('4+')).toBeInTheDocument();
  });
});

describe('LandingPage sections', () => {
  it('holds every section the top bar links to, and the six food-waste figures', () => {
    mockApi({
      'GET /api/request/totalmeals': { body: { totalMeals: 0 } },
      'GET /api/request/totalcharities': { body: { totalCharities: 0 } },
    });
    const { container } = renderApp(landing);

    for (const id of ['hero', 'about', 'how-it-works', 'testimonials', 'call-to-action']) {
      expect(container.querySelector(`section#${id}`)).not.toBeNull();
    }
    const facts = within(screen.getByRole('region', { name: 'About Food Waste' }));
    for (const figure of ['10%', '25%', '11.5%', '$1.1 trillion', '2.4 billion', '783 million']) {
      expect(facts.getByText(figure)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('figure')).toHaveLength(2);
  });

  it('sends donors and charities to their sign-up pages from the hero', () => {
    mockApi({
      'GET /api/request/totalmeals': { body: { totalMeals: 0 } },
      'GET /api/request/totalcharities': { body: { totalCharities: 0 } },
    });
    renderApp(landing);
    const hero = within(screen.getByRole('region', { name: /good food should feed people/i }));
    expect(hero.getByRole('link', { name: 'Sign up as a donor' })).toHaveAttribute('href', '/SignUpDonor');
    expect(hero.getByRole('link', { name: 'Sign up as a charity' })).toHaveAttribute('href', '/SignUpCharity');
  });

  it('cites the source of each food-waste figure', () => {
    mockApi({
      'GET /api/request/totalmeals': { body: { totalMeals: 0 } },
      'GET /api/request/totalcharities': { body: { totalCharities: 0 } },
    });
    renderApp(landing);
    const facts = screen.getByRole('region', { name: 'About Food Waste' }).querySelectorAll('li');
    expect(facts).toHaveLength(6);
    for (const fact of facts) expect(within(fact).getByText(/^Source: .{10,}/)).toBeInTheDocument();
  });

  it('links to contact, privacy, terms and food-safety guidance, and has no "coming soon" badges', () => {
    mockApi({
      'GET /api/request/totalmeals': { body: { totalMeals: 0 } },
      'GET /api/request/totalcharities': { body: { totalCharities: 0 } },
    });
    renderApp(landing);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Food-safety guidance' })).toHaveAttribute('href', '/food-safety');
    expect(within(screen.getByRole('region', { name: 'How It Works' })).getByRole('link', { name: 'Food-safety guidance' })).toHaveAttribute('href', '/food-safety');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});
