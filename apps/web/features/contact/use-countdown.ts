import { secondsUntil } from "@puerta/contract";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A countdown to an absolute end time, ticking every second (docs/spec/student-portal.md section 9), so a slow or
 * throttled tab still ends on time. `onEnd` runs once when it reaches zero.
 */
export function useCountdown(onEnd: () => void) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const latestOnEnd = useRef(onEnd);
  latestOnEnd.current = onEnd;

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = secondsUntil(endsAt, Date.now());
      setSecondsLeft(left);
      if (left === 0) {
        setEndsAt(null);
        latestOnEnd.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    setSecondsLeft(seconds);
    setEndsAt(Date.now() + seconds * 1000);
  }, []);

  return { running: endsAt !== null, secondsLeft, start };
}
