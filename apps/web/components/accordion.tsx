import * as RadixAccordion from "@radix-ui/react-accordion";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

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

/**
 * One item open at a time; clicking the open item closes it (Radix "single collapsible"),
 * with full keyboard support (arrows, Home, End).
 */
export function Accordion({ items, defaultValue = "", headingLevel = 3, className, tone = "light" }: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root type="single" collapsible defaultValue={defaultValue} className={className}>
      {items.map((item) => (
        <RadixAccordion.Item
          key={item.value}
          value={item.value}
          className={
            tone === "dark"
              ? "mb-3 overflow-hidden rounded-2xl bg-white/10 ring-1 ring-white/20"
              : "mb-3 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
          }
        >
          <RadixAccordion.Header asChild>
            <Heading className="m-0">
              <RadixAccordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold md:text-lg">
                <span>{item.title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 transition-transform duration-300 group-data-[state=open]:rotate-180"
                />
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content
            className={`px-5 pb-5 leading-relaxed ${tone === "dark" ? "text-white/90" : "text-gray-700"}`}
          >
            {item.content}
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
