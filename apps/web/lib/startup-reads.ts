import { STUDENT_SESSION_HINT_COOKIE } from "@puerta/contract";

/**
 * A student page's first reads, sent by its HTML (decision 014). Without
 * this, a page asks for its data only once the app's scripts have arrived, run and hydrated,
 * so the data comes down the line after the code instead of beside it. An inline script of
 * the shell (`startupReadsScript`, written by scripts/app-shells.ts) sends them with the
 * session cookie as the page is parsed, and `apiRequest` takes the answer instead of asking
 * again (`takeStartupRead`), once, while the app starts.
 */
const GLOBAL = "__puertaStartupReads";

type WithStartupReads = { [GLOBAL]?: Map<string, Promise<Response>> };

/**
 * The inline script that sends `paths` as `apiRequest` would (same headers, the session
 * cookie). Nothing is sent without the session hint (decision 100): the visitor is on the way
 * to /login.
 */
export function startupReadsScript(paths: readonly string[]): string {
  const hint = `${STUDENT_SESSION_HINT_COOKIE}=`;
  return (
    `(()=>{try{if(!("; "+document.cookie).includes(${JSON.stringify(`; ${hint}`)}))return;const m=new Map();` +
    `for(const p of ${JSON.stringify(paths)}){const r=fetch(p,{headers:{Accept:"application/json"},credentials:"same-origin"});` +
    // Marked as handled: a failure is met by the page's own request, which takes it.
    `r.catch(()=>{});m.set(p,r)}window.${GLOBAL}=m}catch{}})();`
  );
}

/** The answer the page's HTML asked for, once; undefined otherwise. */
export function takeStartupRead(path: string): Promise<Response> | undefined {
  const reads = typeof window === "undefined" ? undefined : (window as WithStartupReads)[GLOBAL];
  const read = reads?.get(path);
  if (!read) return undefined;
  reads?.delete(path);
  return read;
}

/**
 * Forgets the reads nobody took (a page that sent a visitor elsewhere): once the app has
 * started, a read is asked for afresh.
 */
export function dropStartupReads() {
  if (typeof window !== "undefined") delete (window as WithStartupReads)[GLOBAL];
}
