import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAreaTexts } from './area-texts';
import { useScreenTexts } from './use-screen-texts';

function PushScreen() {
  useScreenTexts(['push']);
  const { t } = useTranslation('push');
  return <p>{t('label')}</p>;
}

describe('useScreenTexts', () => {
  afterEach(() => loadAreaTexts('push'));

  it('waits under its Suspense until its namespace is added, in both languages, then shows', async () => {
    // As in a browser that has not opened a screen with these texts yet (the test setup adds them all).
    for (const language of ['en', 'ar']) i18next.removeResourceBundle(language, 'push');
    const fallbacks: string[] = [];
    function Waiting() {
      fallbacks.push('Loading...');
      return <p>Loading...</p>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<Waiting />}>
          <PushScreen />
        </Suspense>,
      );
    });
    expect(fallbacks).not.toEqual([]);
    expect(screen.getByText('Notifications on this device')).toBeInTheDocument();
    expect(i18next.getResource('ar', 'push', 'label')).toEqual(expect.any(String));
  });

  it('shows at once a screen whose namespaces are there', () => {
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <PushScreen />
      </Suspense>,
    );
    expect(screen.getByText('Notifications on this device')).toBeInTheDocument();
  });

  it('refuses a namespace that has no file', async () => {
    await expect(loadAreaTexts('nonexistent')).rejects.toThrow('No texts for the namespace "nonexistent"');
  });
});
