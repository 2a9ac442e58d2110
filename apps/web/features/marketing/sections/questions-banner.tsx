import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "../../../components/use-prefers-reduced-motion.ts";
import { questions } from "../../../content/index.ts";
import { playedToEnd } from "../../../lib/played-to-end.ts";
import { nextIndex, previousIndex, QUESTION_PROGRESS_MS } from "../carousel-logic.ts";

const EXIT_MS = 200;

/**
 * Rotating questions: index, previous, next and go-to controls, and a 5-second progress bar
 * that restarts whenever the question changes. When the bar is full the next question
 * comes (docs/spec/marketing-site.md section 2 leaves auto-advance open); hovering pauses the bar. On the home page the
 * island waits (QuestionsBanner.island.tsx): the bar plays without script, and the island
 * hydrates at a touch or once the bar is full.
 */
export function QuestionsBanner() {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(0);
  const leaving = shown !== index && !reducedMotion;
  const bar = useRef<HTMLDivElement>(null);

  // Hydrated once the first bar was full: it ended before React could see it, so the next
  // question comes now.
  useEffect(() => {
    if (bar.current?.getAnimations?.().some(playedToEnd)) {
      setIndex((current) => nextIndex(current, questions.length));
    }
  }, []);

  // The old question leaves, then the new one enters.
  useEffect(() => {
    if (shown === index) return;
    if (reducedMotion) {
      setShown(index);
      return;
    }
    const timer = window.setTimeout(() => setShown(index), EXIT_MS);
    return () => window.clearTimeout(timer);
  }, [index, shown, reducedMotion]);

  const count = questions.length;
  const arrowClass = "rounded-full p-1.5 text-ink hover:bg-gray-100";
  return (
    <section
      aria-label="Questions des futurs étudiants"
      className="questions-banner bg-white p-5 shadow-2xl md:rounded-2xl"
    >
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-bold text-brand-700">
          Question {index + 1} / {count}
        </p>
        <div className="flex gap-1">
          <button
            type="button"
            className={arrowClass}
            aria-label="Question précédente"
            onClick={() => setIndex(previousIndex(index, count))}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={arrowClass}
            aria-label="Question suivante"
            onClick={() => setIndex(nextIndex(index, count))}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <p
        key={shown}
        aria-live="polite"
        className={`mt-2 min-h-[3.5rem] text-lg font-semibold text-ink ${leaving ? "animate-question-exit" : "animate-question-enter"}`}
      >
        {questions[shown]}
      </p>
      <div className="mt-3 h-1 overflow-hidden rounded-full bg-gray-200">
        {/* Hovering pauses it (marketing.css), even before the island hydrates. */}
        <div
          key={index}
          ref={bar}
          data-testid="question-progress"
          className={`h-full origin-left bg-brand-600 ${reducedMotion ? "" : "animate-question-progress"}`}
          style={{ animationDuration: `${QUESTION_PROGRESS_MS}ms` }}
          // Under reduced motion the bar stays full and questions change only on demand.
          onAnimationEnd={() => !reducedMotion && setIndex((current) => nextIndex(current, count))}
        />
      </div>
      <div className="mt-3 flex gap-1">
        {questions.map((question, i) => (
          <button
            key={question}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={`Aller à la question ${i + 1}`}
            aria-current={i === index ? "true" : undefined}
            className="flex h-6 min-w-6 items-center justify-center"
          >
            <span
              className={`block h-2 rounded-full transition-all ${i === index ? "w-6 bg-brand-600" : "w-2 bg-gray-300"}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
