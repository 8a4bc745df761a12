import type { UserType } from '@food-link/contracts';

/** What the browser keeps between visits (spec, section 3: token, charityName, charityId, user id, cached list). */
export const STORAGE_KEYS = {
  token: 'token',
  charityName: 'charityName',
  charityId: 'charityId',
  userId: 'userId',
  userType: 'userType',
  foodList: 'foodList',
  language: 'language',
} as const;

export interface StoredSession {
  token: string;
  userId: number | null;
  userType: UserType | null;
}

export function readSession(): StoredSession | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (!token) return null;
  const userId = Number(localStorage.getItem(STORAGE_KEYS.userId));
  return {
    token,
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    userType: (localStorage.getItem(STORAGE_KEYS.userType) as UserType | null) ?? null,
  };
}

/** Login stores the token, the user and (for charities) the charity name. */
export function storeSession(token: string, user: { user_id: number; user_type: UserType; name: string }): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.userId, String(user.user_id));
  localStorage.setItem(STORAGE_KEYS.userType, user.user_type);
  localStorage.setItem(STORAGE_KEYS.charityName, user.name);
  notifySessionChange();
}

/**
 * Logout clears local storage, as the spec says, except the reader's language choice: signing out
 * should not switch an Arabic reader back to English.
 */
export function clearSession(): void {
  const language = localStorage.getItem(STORAGE_KEYS.language);
  localStorage.clear();
  if (language) localStorage.setItem(STORAGE_KEYS.language, language);
  notifySessionChange();
}

const SESSION_EVENT = 'foodlink:session';

function notifySessionChange(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Calls back when this tab (or another, through the storage event) signs in or out. */
export function onSessionChange(callback: () => void): () => void {
  window.addEventListener(SESSION_EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(SESSION_EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}
