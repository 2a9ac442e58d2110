import { STORAGE_KEYS, secondsUntil } from "@puerta/contract";
import { useCallback, useEffect, useState } from "react";
import { storage } from "../../lib/storage.ts";

/**
 * The login lockout after a 429: its end is stored under `unblockAt` (epoch milliseconds)
 * so that it survives a reload, and the seconds left tick down every second.
 */
export function useLockout() {
  const [unblockAt, setUnblockAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // Read in an effect: the login page is prerendered, where there is no storage.
  useEffect(() => {
    const stored = Number(storage.get(STORAGE_KEYS.unblockAt));
    if (stored > Date.now()) setUnblockAt(stored);
    else storage.remove(STORAGE_KEYS.unblockAt);
  }, []);

  useEffect(() => {
    if (unblockAt === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= unblockAt) {
        storage.remove(STORAGE_KEYS.unblockAt);
        setUnblockAt(null);
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [unblockAt]);

  const start = useCallback((seconds: number) => {
    const at = Date.now() + seconds * 1000;
    storage.set(STORAGE_KEYS.unblockAt, String(at));
    setNow(Date.now());
    setUnblockAt(at);
  }, []);

  const secondsLeft = unblockAt === null ? 0 : secondsUntil(unblockAt, now);
  return { locked: secondsLeft > 0, secondsLeft, start };
}
