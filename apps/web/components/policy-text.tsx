import Markdown from "markdown-to-jsx/react";
import type { ReactNode } from "react";

type Props = { children?: ReactNode; className?: string };

// Headings start at h2: the page around the text holds the one h1.
const heading = (className: string, Tag: "h2" | "h3") =>
  function Heading({ children }: Props) {
    return <Tag className={className}>{children}</Tag>;
  };

const OVERRIDES = {
  h1: heading("mt-6 mb-2 text-lg font-bold text-ink first:mt-0", "h2"),
  h2: heading("mt-6 mb-2 text-base font-bold text-ink first:mt-0", "h2"),
  h3: heading("mt-4 mb-1.5 font-bold text-ink first:mt-0", "h3"),
  h4: heading("mt-4 mb-1.5 font-semibold text-ink first:mt-0", "h3"),
  h5: heading("mt-4 mb-1.5 font-semibold text-ink first:mt-0", "h3"),
  h6: heading("mt-4 mb-1.5 font-semibold text-ink first:mt-0", "h3"),
  p: { props: { className: "mb-4 last:mb-0" } },
  ul: { props: { className: "mb-4 list-disc space-y-1 pl-6" } },
  ol: { props: { className: "mb-4 list-decimal space-y-1 pl-6" } },
  blockquote: { props: { className: "mb-4 border-l-4 border-gray-300 pl-4 text-gray-700" } },
  a: { props: { className: "font-semibold text-brand-700 underline underline-offset-4", rel: "noopener noreferrer" } },
  strong: { props: { className: "font-bold text-ink" } },
  // A table from the text gets no styling of its own; images are not part of a policy.
  img: () => null,
};

/**
 * The policy's text, written in Markdown in the back-office (docs/spec/back-office.md section 6),
 * rendered as React elements: raw HTML in the text is shown as text, never parsed
 * (`disableParsingRawHTML`), and link addresses go through the library's URL sanitiser. The
 * student's acceptance page and the back-office's preview both render with this component, so
 * the direction previews exactly what students will read.
 */
export function PolicyText({ content }: { content: string }) {
  return (
    <Markdown options={{ disableParsingRawHTML: true, forceBlock: true, wrapper: null, overrides: OVERRIDES }}>
      {content}
    </Markdown>
  );
}
