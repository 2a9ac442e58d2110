import { Accordion } from "../../../components/accordion.tsx";
import { faq } from "../../../content/index.ts";
import { SectionHeading } from "./section-heading.tsx";

/** FAQ: the first question (score calculation) open first, one open at a time. */
export function Faq({ id = "questions-faq" }: { id?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 bg-white py-16">
      <div className="mx-auto max-w-3xl px-5">
        <SectionHeading id={`${id}-title`} eyebrow="FAQ" title="Vos questions, nos réponses" />
        <Accordion
          defaultValue="faq-0"
          items={faq.map((entry, index) => ({
            value: `faq-${index}`,
            title: entry.question,
            content: <p>{entry.reponse}</p>,
          }))}
        />
      </div>
    </section>
  );
}
