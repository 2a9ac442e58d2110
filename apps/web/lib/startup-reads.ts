import { STORAGE_KEYS } from "@puerta/contract";

/**
 * A student page's first reads, sent by its HTML (decision 014). Without
 * this, a page asks for its data only once the app's scripts have arrived, run and hydrated,
 * so the data comes down the line after the code instead of beside it. An inline script of
 * the shell (`startupReadsScript`, written by scripts/app-shells.ts) sends them with the
 * stored token as the page is parsed, and `apiRequest` takes the answer instead of asking
 * again (`takeStartupRead`), once, while the app starts.
 */
const GLOBAL = "__puertaStartupReads";

type StartupRead = { token: string; response: Promise<Response> };
type WithStartupReads = { [GLOBAL]?: Map<string, StartupRead> };

/**
 * The inline script that sends `paths` as `apiRequest` would (same headers, same
 * credentials). Nothing is sent without a stored token: the visitor is on the way to /login.
 */
export function startupReadsScript(paths: readonly string[]): string {
  return (
    `(()=>{try{const t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)});if(!t)return;const m=new Map();` +
    `for(const p of ${JSON.stringify(paths)}){const r=fetch(p,{headers:{Accept:"application/json",Authorization:"Bearer "+t},credentials:"same-origin"});` +
    // Marked as handled: a failure is met by the page's own request, which takes it.
    `r.catch(()=>{});m.set(p,{token:t,response:r})}window.${GLOBAL}=m}catch{}})();`
  );
}

/** The answer the page's HTML asked for with this very token, once; undefined otherwise. */
export function takeStartupRead(path: string, token: string): Promise<Response> | undefined {
  const reads = typeof window === "undefined" ? undefined : (window as WithStartupReads)[GLOBAL];
  const read = reads?.get(path);
  if (!read) return undefined;
  reads?.delete(path);
  return read.token === token ? read.response : undefined;
}

/**
 * Forgets the reads nobody took (a page that sent a visitor elsewhere): once the app has
 * started, a read is asked for afresh.
 */
export function dropStartupReads() {
  if (typeof window !== "undefined") delete (window as WithStartupReads)[GLOBAL];
}
