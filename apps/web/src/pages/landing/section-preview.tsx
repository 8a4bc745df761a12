import type { ComponentType } from 'react';
import { TopBar } from '../../components/top-bar';
import { FoodWasteSection } from './food-waste-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { MissionSection } from './mission-section';
import { TestimonialsSection } from './testimonials-section';

const SECTIONS = {
  hero: HeroSection,
  about: MissionSection,
  'how-it-works': HowItWorksSection,
  testimonials: TestimonialsSection,
  'call-to-action': FoodWasteSection,
} satisfies Record<string, ComponentType>;

export type LandingSection = 'navbar' | keyof typeof SECTIONS;

/** The standalone preview routes (/navbar, /HeroSection, ...): one piece of the landing page alone. */
export function SectionPreview({ section }: { section: LandingSection }) {
  if (section === 'navbar') return <TopBar />;
  const Section = SECTIONS[section];
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <Section />
    </main>
  );
}
