import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { useServerMessage } from './server-message';

describe('useServerMessage', () => {
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it('shows known API messages in Arabic and anything else as sent', async () => {
    await act(() => i18next.changeLanguage('ar'));
    const { result } = renderHook(() => useServerMessage());
    expect(result.current('Donor registered successfully')).toBe('تم تسجيل المتبرع بنجاح');
    expect(result.current('Something new from the server.')).toBe('Something new from the server.');
  });

  it('finds a message holding a colon, which i18next would otherwise read as a namespace', async () => {
    await act(() => i18next.changeLanguage('ar'));
    const { result } = renderHook(() => useServerMessage());
    expect(result.current('That day is already listed: change or withdraw its listing instead')).toBe('هذا اليوم معروض بالفعل: عدّل عرضه أو اسحبه بدلًا من ذلك');
  });

  it('keeps the API wording in English', () => {
    const { result } = renderHook(() => useServerMessage());
    expect(result.current('Login successful')).toBe('Login successful');
  });
});
