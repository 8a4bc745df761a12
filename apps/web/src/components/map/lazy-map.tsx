import { Component, lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The maps' code (Leaflet, supercluster, their CSS) is a chunk of its own, fetched when a map first
 * shows: the landing page and the list view never load it. A chunk that fails to load says so in place,
 * leaving the rest of the screen working (quietly: a map is a help beside the form's own fields and the list).
 */
const BoardMap = lazy(() => import('./board-map'));
const PinPicker = lazy(() => import('./pin-picker'));

class MapFailed extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function MapFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('map');
  const failed = (
    <p className="text-sm text-red-700">
      {t('error')}
    </p>
  );
  const loading = (
    <p aria-busy="true" className="text-sm text-stone-600">
      {t('loading')}
    </p>
  );
  return (
    <MapFailed fallback={failed}>
      <Suspense fallback={loading}>{children}</Suspense>
    </MapFailed>
  );
}

export function LazyBoardMap(props: ComponentProps<typeof BoardMap>) {
  return (
    <MapFrame>
      <BoardMap {...props} />
    </MapFrame>
  );
}

export function LazyPinPicker(props: ComponentProps<typeof PinPicker>) {
  return (
    <MapFrame>
      <PinPicker {...props} />
    </MapFrame>
  );
}
