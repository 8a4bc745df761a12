import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders, createQueryClient } from './app/providers';
import { prefetchRouteData } from './app/route-prefetch';
import { createAppRouter } from './app/router';
import { initI18n } from './i18n/i18n';
import './index.css';

initI18n();
const router = createAppRouter();
const queryClient = createQueryClient();
prefetchRouteData(queryClient, window.location.pathname);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
