/**
 * Work the first screen does not need (the CSRF cookie, the header's unread count) starts
 * once it is drawn: on a slow line a request sent while the page's data is on its way, and the
 * code that sends it, delay that data's paint. The student app says when (app/root.tsx, after
 * its start-up queries); a public page says so at its `load` event (islands/load-islands.ts).
 */
let markDrawn: () => void = () => {};
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

export function firstScreenDrawn(): void {
  markDrawn();
}

/** Resolves once the first screen is drawn, at once if it already is. */
export function afterFirstScreen(): Promise<void> {
  return drawn;
}
