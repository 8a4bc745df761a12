import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title';
import { TopBar } from '../../components/top-bar';
import { useLiveTopics } from '../../live/live-context';
import { AppBanner } from './app-banner';
import { FoodWasteSection } from './food-waste-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { MissionSection } from './mission-section';
import { SiteFooter } from './site-footer';
import { TestimonialsSection } from './testimonials-section';

/**
 * The landing page (spec, section 1): every section in the order the top bar lists them. Of the live
 * events it hears only the impact totals (the `counters` topic).
 */
export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.landing'));
  useLiveTopics('counters');
  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <HeroSection />
        <MissionSection />
        <HowItWorksSection />
        <TestimonialsSection />
        <AppBanner />
        <FoodWasteSection />
      </main>
      <SiteFooter />
    </>
  );
}
