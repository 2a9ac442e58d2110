import { STORAGE_KEYS } from "@puerta/contract";

/** localStorage that tolerates private mode and the absence of a window (prerendering). */
export const storage = {
  get(key: string): string | null {
    try {
      return typeof window === "undefined" ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or blocked: the session simply does not survive a reload.
    }
  },
  remove(...keys: string[]) {
    try {
      for (const key of keys) window.localStorage.removeItem(key);
    } catch {
      // Nothing to clean when storage is unavailable.
    }
  },
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
};

export { STORAGE_KEYS };
