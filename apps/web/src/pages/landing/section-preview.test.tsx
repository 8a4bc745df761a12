import { screen } from '@testing-library/react';
import { SectionPreview, type LandingSection } from './section-preview';
import { mockApi, renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket'));

afterEach(() => vi.unstubAllGlobals());

/** Each section's id is its name, which the top bar's anchors point to. */
const previews: LandingSection[] = ['hero', 'about', 'how-it-works', 'testimonials', 'call-to-action'];

describe('SectionPreview', () => {
  it.each(previews)('shows the %s section alone', (section) => {
    mockApi({
      'GET /api/request/totalmeals': { body: { totalMeals: 0 } },
      'GET /api/request/totalcharities': { body: { totalCharities: 0 } },
    });
    const { container } = renderApp([{ path: '/', element: <SectionPreview section={section} /> }]);
    expect(container.querySelectorAll('section')).toHaveLength(1);
    expect(container.querySelector(`section#${section}`)).not.toBeNull();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows the top bar alone for /navbar', () => {
    const { container } = renderApp([{ path: '/', element: <SectionPreview section="navbar" /> }]);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(container.querySelector('section')).toBeNull();
  });
});
