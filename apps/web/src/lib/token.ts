import { STORAGE_KEYS } from '@scmp/api/contracts/product';

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

export function setStoredToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}
