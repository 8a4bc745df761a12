import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { STORAGE_KEYS } from '../session/session';
import { failure, mockApi, signInAs } from '../test/test-utils';
import { useAccountId } from './use-account-id';

function identityOf(role: Parameters<typeof useAccountId>[0]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useAccountId(role), { wrapper }).result;
}

describe('useAccountId', () => {
  it('is signed-out without a session, asking nothing', () => {
    const fetchMock = mockApi({});
    expect(identityOf('donor').current).toEqual({ state: 'signed-out' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes a stored session of the role as it is, and names the role of another', () => {
    const fetchMock = mockApi({});
    signInAs('charity', 9);
    expect(identityOf('charity').current).toEqual({ state: 'ready', userId: 9 });
    expect(identityOf('donor').current).toEqual({ state: 'wrong-role', role: 'charity' });
    expect(identityOf('operator').current).toEqual({ state: 'wrong-role', role: 'charity' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server for a session without a user id, and tells a refusal from another role', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-4');
    mockApi({ 'GET /api/auth/me': { body: { user_id: 4, name: 'Nile Bakery', email: 'nile@example.org', user_type: 'donor' } } });
    const donor = identityOf('donor');
    expect(donor.current).toEqual({ state: 'loading' });
    await waitFor(() => expect(donor.current).toEqual({ state: 'ready', userId: 4 }));
    const operator = identityOf('operator');
    await waitFor(() => expect(operator.current).toEqual({ state: 'wrong-role', role: 'donor' }));

    mockApi({ 'GET /api/auth/me': failure(401) });
    localStorage.setItem(STORAGE_KEYS.token, 'token-5');
    const refused = identityOf('donor');
    await waitFor(() => expect(refused.current).toEqual({ state: 'error' }));
  });
});
