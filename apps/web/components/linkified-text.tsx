import { Fragment } from "react";

/** http(s) addresses in plain text; a trailing full stop, comma or bracket is the sentence's. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'»]/g;

/**
 * Plain text with its line breaks (the parent keeps them with `whitespace-pre-line`) and its web
 * addresses made clickable (docs/spec/back-office.md section 5). Never HTML: React escapes the text.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: { text: string; link: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), link: false });
    parts.push({ text: match[0], link: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), link: false });
  return (
    <>
      {parts.map((part, index) =>
        part.link ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
            key={index}
            href={part.text}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold break-all text-brand-700 underline underline-offset-2"
          >
            {part.text}
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
