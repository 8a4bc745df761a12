import { useState } from 'react';

export type LocateState = 'idle' | 'asking' | 'refused';

/**
 * Asks the browser where it is, for a "use my location" or "near me" button: `state` says whether it is
 * being asked, or refused (no position service counts as a refusal); `locate` calls back with the
 * position once it is known.
 */
export function useLocate(options: PositionOptions): [LocateState, (onFound: (coords: GeolocationCoordinates) => void) => void] {
  const [state, setState] = useState<LocateState>('idle');
  const locate = (onFound: (coords: GeolocationCoordinates) => void) => {
    if (!('geolocation' in navigator)) {
      setState('refused');
      return;
    }
    setState('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState('idle');
        onFound(position.coords);
      },
      () => setState('refused'),
      options,
    );
  };
  return [state, locate];
}
