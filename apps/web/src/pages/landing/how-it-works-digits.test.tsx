import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { HowItWorksSection } from './how-it-works-section';

describe('How It Works step numbers', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('en');
  });

  it('uses Arabic-Indic digits in Arabic (issue 18, item 10)', async () => {
    await i18next.changeLanguage('ar');
    const { container } = render(<MemoryRouter><HowItWorksSection /></MemoryRouter>);
    const numbers = [...container.querySelectorAll('ol li > span[aria-hidden="true"]')].map((span) => span.textContent);
    expect(numbers.slice(0, 4)).toEqual(['١', '٢', '٣', '٤']);
    expect(screen.queryAllByText('1')).toHaveLength(0);
  });
});
