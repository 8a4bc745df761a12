import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';

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

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers fetch calls by path; any other path fails as the network would. */
export function stubFetch(answers: Record<string, () => Response | Promise<Response>>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const answer = answers[path];
    if (!answer) throw new Error(`Unexpected fetch of ${path}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
