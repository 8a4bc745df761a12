import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { foodItem } from '../../test/test-utils';
import { renderApp } from '../../test/render-app';
import { ShareButton } from './share-button';
import { listingLink, shareMessage, whatsAppShareUrl } from './share-link';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

const ORIGIN = 'https://foodlink.example';
/** 10:30 pm in Cairo (summer time, UTC+3, in May). */
const food = foodItem({
  id: 57,
  food_name: 'Koshari & lentils',
  quantity: 40,
  governorate: 'EG-GZ',
  area: 'Dokki',
  pickup_until: '2030-05-20T19:30:00.000Z',
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('sharing a listing on WhatsApp', () => {
  it('writes the message in English: what, how much, where, collect-by time in Cairo and the absolute link', () => {
    expect(shareMessage(food, 'en', ORIGIN)).toBe(
      'Food to collect on Food Link: Koshari & lentils, 40 portions in Dokki, Giza. Collect by 20 May 2030, 10:30 pm (Cairo time). https://foodlink.example/food/57',
    );
  });

  it('writes it in Arabic for an Arabic reader, with the same link', () => {
    const message = shareMessage(food, 'ar', ORIGIN);
    expect(message).toMatch(/^طعام للاستلام على فود لينك: Koshari & lentils، ٤٠ حصص في Dokki، الجيزة\. الاستلام قبل .+ \(بتوقيت القاهرة\)\. https:\/\/foodlink\.example\/food\/57$/);
  });

  it('encodes the whole message into one wa.me text parameter, so & # ? and spaces cannot break the link', () => {
    const url = new URL(whatsAppShareUrl({ ...food, food_name: 'Rice? #1 & beans' }, 'en', ORIGIN));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect([...url.searchParams.keys()]).toEqual(['text']);
    expect(url.searchParams.get('text')).toBe(shareMessage({ ...food, food_name: 'Rice? #1 & beans' }, 'en', ORIGIN));
    expect(url.search).not.toContain(' ');
    expect(url.search).toContain('%26');
  });

  it('leaves the place out when the listing has no pickup point', () => {
    expect(shareMessage({ ...food, governorate: null, area: null }, 'en', ORIGIN)).toContain('40 portions. Collect by');
  });

  it('links to this origin by default', () => {
    expect(listingLink(57)).toBe(`${window.location.origin}/food/57`);
  });

  it('renders a button that opens WhatsApp in a new tab, in the reader\'s language', async () => {
    await i18next.changeLanguage('ar');
    renderApp([{ path: '/', element: <ShareButton food={food} /> }], { path: '/' });
    const link = screen.getByRole('link', { name: 'مشاركة عبر واتساب: Koshari & lentils' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('text')).toBe(shareMessage(food, 'ar'));
  });
});
