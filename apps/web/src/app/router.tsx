import { PAGE_ROUTES } from '@food-link/contracts';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { LandingPage } from '../pages/landing/landing-page';
import { SectionPreview } from '../pages/landing/section-preview';
import { NotFoundPage } from '../pages/not-found-page';
import { RouteErrorPage } from '../pages/route-error-page';

// The dashboards and forms are split off, so the landing page loads only what it shows.
const SignUpDonorPage = lazy(() => import('../pages/auth/sign-up-donor-page'));
const SignUpCharityPage = lazy(() => import('../pages/auth/sign-up-charity-page'));
const LoginPage = lazy(() => import('../pages/auth/login-page'));
const DonorDashboardPage = lazy(() => import('../pages/donor/donor-dashboard-page'));
const CharityAreaPage = lazy(() => import('../pages/charity/charity-area-page'));
const OpsConsolePage = lazy(() => import('../pages/ops/ops-console-page'));
const InfoPage = lazy(() => import('../pages/info/info-page'));
const ForgotPasswordPage = lazy(() => import('../pages/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../pages/auth/reset-password-page'));
const ListingPage = lazy(() => import('../pages/listing/listing-page'));
const NotificationsPage = lazy(() => import('../pages/notifications/notifications-page'));
const NotificationPreferencesPage = lazy(() => import('../pages/notifications/notification-preferences-page'));
const PhoneSettingsPage = lazy(() => import('../pages/notifications/phone-settings-page'));
const DonorImpactPage = lazy(() => import('../pages/impact/donor-impact-page'));
const PublicImpactPage = lazy(() => import('../pages/impact/public-impact-page'));
const MembersPage = lazy(() => import('../pages/org/members-page'));
const JoinPage = lazy(() => import('../pages/org/join-page'));
const SchedulesPage = lazy(() => import('../pages/schedules/schedules-page'));
const StandingWeekPage = lazy(() => import('../pages/schedules/standing-week-page'));

/** What shows while a screen's code arrives: in the reader's language (common is always loaded). */
function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="p-8 text-center text-stone-500">
      {t('loading')}
    </p>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/** The spec's route table (section 2); routes are reachable without a token, as the spec shows. */
export const routes = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/LandingPage', element: <LandingPage /> },
      { path: '/food-link', element: <LandingPage /> },
      { path: '/navbar', element: <SectionPreview section="navbar" /> },
      { path: '/HeroSection', element: <SectionPreview section="hero" /> },
      { path: '/HowItWorks', element: <SectionPreview section="how-it-works" /> },
      { path: '/Testimonials', element: <SectionPreview section="testimonials" /> },
      { path: '/CallToAction', element: <SectionPreview section="call-to-action" /> },
      { path: '/AboutUs', element: <SectionPreview section="about" /> },
      { path: '/SignUpDonor', element: <Lazy><SignUpDonorPage /></Lazy> },
      { path: '/SignUpCharity', element: <Lazy><SignUpCharityPage /></Lazy> },
      { path: '/Login', element: <Lazy><LoginPage /></Lazy> },
      { path: '/FoodDonationApp', element: <Lazy><CharityAreaPage /></Lazy> },
      { path: '/DonerDashboard', element: <Lazy><DonorDashboardPage /></Lazy> },
      { path: '/ops', element: <Lazy><OpsConsolePage /></Lazy> },
      // Reaching people who are not looking (issue 15): the bell's list and what reaches whom by which channel.
      { path: '/notifications', element: <Lazy><NotificationsPage /></Lazy> },
      { path: '/notifications/settings', element: <Lazy><NotificationPreferencesPage /></Lazy> },
      { path: '/notifications/phone', element: <Lazy><PhoneSettingsPage /></Lazy> },
      // Beyond the spec's routes: the pages a visitor looks for before trusting the service.
      { path: '/contact', element: <Lazy><InfoPage page="contact" /></Lazy> },
      { path: '/privacy', element: <Lazy><InfoPage page="privacy" /></Lazy> },
      { path: '/terms', element: <Lazy><InfoPage page="terms" /></Lazy> },
      { path: '/food-safety', element: <Lazy><InfoPage page="foodSafety" /></Lazy> },
      // Password reset by e-mail, and a listing's public page (what a WhatsApp share links to).
      { path: PAGE_ROUTES.forgotPassword, element: <Lazy><ForgotPasswordPage /></Lazy> },
      { path: PAGE_ROUTES.resetPassword, element: <Lazy><ResetPasswordPage /></Lazy> },
      { path: PAGE_ROUTES.food, element: <Lazy><ListingPage /></Lazy> },
      // Impact (docs/IMPACT.md): the donor's page and the public transparency page; the charity's is a view of its area.
      { path: PAGE_ROUTES.donorImpact, element: <Lazy><DonorImpactPage /></Lazy> },
      { path: PAGE_ROUTES.publicImpact, element: <Lazy><PublicImpactPage /></Lazy> },
      // Organisations (docs/ORGANISATIONS.md): the members page, and where an invitation e-mail's link lands.
      { path: PAGE_ROUTES.organisation, element: <Lazy><MembersPage /></Lazy> },
      { path: PAGE_ROUTES.join, element: <Lazy><JoinPage /></Lazy> },
      { path: PAGE_ROUTES.donorSchedules, element: <Lazy><SchedulesPage /></Lazy> },
      { path: PAGE_ROUTES.charityWeek, element: <Lazy><StandingWeekPage /></Lazy> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
