import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { routes } from '../app/router';
import { mockApi, renderApp } from '../test/render-app';

vi.mock('socket.io-client', () => import('../test/fake-socket'));

describe('the 404 page', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('keeps the top bar, with the way home and the language switch, which turns the page Arabic', async () => {
    mockApi({});
    renderApp(routes, { path: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'العربية' })[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
