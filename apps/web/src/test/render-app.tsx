import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';

export { failure, heldReply, mockApi, type Reply } from './mock-api';

/** A client that fails at once, so error paths need no retry delays. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders routes inside the app's providers, starting at `path`. Files using it mock socket.io-client
 * with ./fake-socket, since the providers open a live connection.
 */
export function renderApp(routes: RouteObject[], { path = '/', client = testQueryClient() } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client };
}
