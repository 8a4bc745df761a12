import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, onSessionChange, readSession, type StoredSession } from './session';

let cached: { token: string | null; value: StoredSession | null } = { token: null, value: null };

/** The stored session, re-rendering when it changes; stable between changes. */
function snapshot(): StoredSession | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const userId = localStorage.getItem(STORAGE_KEYS.userId);
  const key = token === null ? null : `${token}|${userId}`;
  if (key !== cached.token) cached = { token: key, value: readSession() };
  return cached.value;
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(onSessionChange, snapshot, () => null);
}
