import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AnnouncerProvider } from '../live/announcer';
import { LiveProvider } from '../live/live-provider';

/** The app's data cache. */
export function createQueryClient(): QueryClient {
  // Live events keep the data current; a refetch on focus would only repeat the work.
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } } });
}

/** Data, live updates and notices, shared by every screen. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AnnouncerProvider>
        <LiveProvider>{children}</LiveProvider>
      </AnnouncerProvider>
    </QueryClientProvider>
  );
}
