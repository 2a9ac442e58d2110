import "@testing-library/jest-dom/vitest";
import { CSRF_COOKIE } from "@puerta/contract";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { clearSession } from "../lib/api.ts";

// As in a started app, the CSRF cookie is there: without it, a state-changing call first asks
// for one (lib/api.ts, whose own test removes it).
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser holding the server's cookie
  document.cookie = `${CSRF_COOKIE}=jeton-csrf; path=/`;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Signed out, and who was signed in forgotten (lib/session.ts keeps the user in memory).
  clearSession();
});
