import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "../../../components/use-prefers-reduced-motion.ts";

/**
 * The home hero's background video (decision 030: nothing moves by itself for a visitor who
 * asked for less motion; WCAG 2.2.2). The page shows its poster; once hydrated it plays, muted
 * and looping, unless `prefers-reduced-motion: reduce`, where the poster stays. A visible button
 * pauses it and plays it again, whatever the preference.
 */
export function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  // null: the visitor has not chosen; the preference decides.
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const playing = hydrated && (choice ?? (reducedMotion ? "pause" : "play")) === "play";

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      element.preload = "auto";
      // A browser that refuses (data saver) leaves the poster: nothing to report.
      element.play()?.catch(() => undefined);
    } else element.pause();
  }, [playing]);

  return (
    <>
      <video
        ref={video}
        className="absolute inset-0 size-full object-cover opacity-70"
        src="/media/video/hero.mp4"
        poster="/media/video/hero.webp"
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      />
      <button
        type="button"
        onClick={() => setChoice(playing ? "pause" : "play")}
        className="absolute right-3 bottom-3 z-10 inline-flex size-11 items-center justify-center rounded-full bg-ink/70 text-white ring-1 ring-white/40 hover:bg-ink/90 md:top-4 md:right-4 md:bottom-auto"
      >
        {playing ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
        <span className="sr-only">{playing ? "Mettre la vidéo en pause" : "Lire la vidéo"}</span>
      </button>
    </>
  );
}
