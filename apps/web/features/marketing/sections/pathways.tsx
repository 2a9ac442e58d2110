import { Check } from "lucide-react";
import { Accordion } from "../../../components/accordion.tsx";
import { pathways } from "../../../content/index.ts";
import { SectionHeading } from "./section-heading.tsx";

/** The academic pathways: INGÉNIERIE open first, one open at a time (docs/spec/marketing-site.md section 4). */
export function Pathways({ id = "academic-pathways" }: { id?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 bg-ink py-16 text-white">
      <div className="mx-auto max-w-4xl px-5">
        <SectionHeading
          id={`${id}-title`}
          tone="light"
          eyebrow="Parcours académiques"
          title="Quatre filières, des matières sur mesure"
          intro="Chaque filière prépare exactement les épreuves dont vous aurez besoin pour l'université visée."
        />
        <Accordion
          tone="dark"
          defaultValue="INGÉNIERIE"
          items={pathways.map((pathway) => ({
            value: pathway.name,
            title: pathway.name,
            content: (
              <ul className="grid gap-2 sm:grid-cols-2">
                {pathway.subjects.map((subject) => (
                  <li key={subject} className="flex items-center gap-2">
                    <Check aria-hidden="true" className="size-4 text-sun" />
                    {subject}
                  </li>
                ))}
              </ul>
            ),
          }))}
        />
      </div>
    </section>
  );
}
