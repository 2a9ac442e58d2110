import { relativeTime } from "@puerta/contract";

/**
 * "Il y a 3 minutes", from the clock of whoever renders it: the server renders a page a moment
 * before the browser hydrates it, so across a minute's turn the two may say different things.
 * That text alone may differ (React keeps the server's until the next render); it is the one
 * place where the page may disagree with its HTML (decision 102).
 */
export function RelativeTime({ date }: { date: string }) {
  return (
    <time dateTime={date} suppressHydrationWarning>
      {relativeTime(date)}
    </time>
  );
}
