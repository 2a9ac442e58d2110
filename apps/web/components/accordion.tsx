import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export type AccordionItem = { value: string; title: ReactNode; content: ReactNode };

type AccordionProps = {
  items: AccordionItem[];
  /** The item open on first render; "" for none. */
  defaultValue?: string;
  /** Heading level of the item buttons, for a correct document outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  tone?: "light" | "dark";
};

/** Keys that move the focus between the accordion's own buttons, and where to. */
const FOCUS_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * One item open at a time; clicking the open item closes it, with the keyboard of the WAI-ARIA
 * accordion pattern (arrows, Home, End between the item buttons). Each button is in a heading and
 * says whether its panel is open (`aria-expanded`); a closed panel is not rendered.
 */
export function Accordion({ items, defaultValue = "", headingLevel = 3, className, tone = "light" }: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  const [open, setOpen] = useState(defaultValue);
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const moveFocus = (event: KeyboardEvent, index: number) => {
    const move = FOCUS_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    buttons.current[move(index, items.length)]?.focus();
  };

  return (
    <div className={className}>
      {items.map((item, index) => {
        const isOpen = item.value === open;
        const state = isOpen ? "open" : "closed";
        const buttonId = `${id}-${index}-bouton`;
        const panelId = `${id}-${index}-contenu`;
        return (
          <div
            key={item.value}
            data-state={state}
            className={
              tone === "dark"
                ? "mb-3 overflow-hidden rounded-2xl bg-white/10 ring-1 ring-white/20"
                : "mb-3 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
            }
          >
            <Heading className="m-0">
              <button
                ref={(button) => {
                  buttons.current[index] = button;
                }}
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                data-state={state}
                onClick={() => setOpen(isOpen ? "" : item.value)}
                onKeyDown={(event) => moveFocus(event, index)}
                className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold md:text-lg"
              >
                <span>{item.title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 transition-transform duration-300 group-data-[state=open]:rotate-180"
                />
              </button>
            </Heading>
            {isOpen && (
              <section
                id={panelId}
                aria-labelledby={buttonId}
                data-state={state}
                className={`px-5 pb-5 leading-relaxed ${tone === "dark" ? "text-white/90" : "text-gray-700"}`}
              >
                {item.content}
              </section>
            )}
          </div>
        );
      })}
    </div>
  );
}
