import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { takeWhatWasDone } from "../lib/before-hydration.ts";
import { carryOverStoredSession } from "../lib/session.ts";

/** Renders nothing; once the page has hydrated, plays again what was done to the shell. */
function AfterHydration({ run }: { run?: () => void }) {
  useEffect(() => run?.(), [run]);
  return null;
}

// React Router's own entry, plus what a student did to the prerendered shell (a tap, typing,
// a form sent) before the app's scripts arrived (decision 009).
const playAgain = takeWhatWasDone(document.documentElement);
// A student signed in by an older version has a token in localStorage: it becomes the session
// cookie before the app reads the session (at once for everyone else).
void carryOverStoredSession().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
        <AfterHydration run={playAgain} />
      </StrictMode>,
    );
  }),
);
