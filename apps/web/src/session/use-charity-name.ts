import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, onSessionChange } from './session';

/** The charity name stored at login, re-read when the session changes. */
export function useCharityName(): string | null {
  return useSyncExternalStore(
    onSessionChange,
    () => localStorage.getItem(STORAGE_KEYS.charityName),
    () => null,
  );
}
