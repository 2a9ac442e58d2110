import type {} from "altcha/types/react";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";

/** The challenge endpoint of our own API (self-hosted proof of work, no third party). */
export const CAPTCHA_CHALLENGE_URL = "/api/captcha/challenge";

export type CaptchaHandle = {
  /** Clears the solved payload so the student solves a fresh challenge (after a failed send). */
  reset(): void;
};

type AltchaElement = HTMLElement & { reset?: (state?: string) => void };
type StateChange = CustomEvent<{ state: string; payload: string | null }>;

/**
 * The captcha widget, in French. `onChange` receives the payload to send as
 * `recaptcha_token` once the proof of work is solved, and null whenever it is not (again).
 */
export function Captcha({ onChange, ref }: { onChange: (payload: string | null) => void; ref?: Ref<CaptchaHandle> }) {
  const widget = useRef<AltchaElement>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      latestOnChange.current(state === "verified" && payload ? payload : null);
    };
    element.addEventListener("statechange", onStateChange);
    // The widget (about 30 KB compressed, with its styles) is fetched when it comes near the
    // screen: most pages carry the contact form far below the fold.
    const load = () => void import("../lib/altcha-client.ts");
    if (typeof IntersectionObserver === "undefined") {
      load();
      return () => element.removeEventListener("statechange", onStateChange);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.removeEventListener("statechange", onStateChange);
    };
  }, []);

  useImperativeHandle(ref, () => ({
    reset() {
      widget.current?.reset?.();
      latestOnChange.current(null);
    },
  }));

  return (
    <div className="captcha">
      <altcha-widget
        ref={widget}
        challenge={CAPTCHA_CHALLENGE_URL}
        language="fr-fr"
        name="recaptcha_token"
        suppressHydrationWarning
      />
    </div>
  );
}
