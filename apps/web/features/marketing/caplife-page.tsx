import { videos } from "../../content/index.ts";
import type { VideoItem } from "../../content/schema.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { PageHero } from "./sections/page-hero.tsx";
import { Section } from "./sections/section.tsx";
import { VideoGallery } from "./sections/video-gallery.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Vie parascolaire"),
    description:
      "Citoyenneté, omra, actions solidaires, soirées, sorties et cérémonies de remise des diplômes : la vie parascolaire de nos étudiants en vidéo.",
    path: "/caplife",
  });

const { categories } = videos;
const of = (...lists: (VideoItem[] | undefined)[]) => lists.flatMap((list) => list ?? []);

/** The six anchors of the page (docs/spec/marketing-site.md section 2) and the video categories each one shows. */
const SECTIONS = [
  {
    id: "citoyennete",
    eyebrow: "Citoyenneté",
    title: "Journées d'intégration et engagement",
    items: of(categories["JOURNÈES D'INTÈGRATION"], categories.SPONSORING),
  },
  { id: "omra", eyebrow: "Omra", title: "L'omra des étudiants", items: of(categories.OMRA) },
  { id: "giving-back", eyebrow: "Giving back", title: "Nos actions solidaires", items: of(categories["GIVING BACK"]) },
  { id: "parties", eyebrow: "Soirées", title: "Les soirées de l'académie", items: of(categories.soirée) },
  { id: "sorties", eyebrow: "Sorties", title: "Sorties et découvertes", items: of(categories.SORTIES) },
  {
    id: "graduation-parties",
    eyebrow: "Graduation",
    title: "Cérémonies de remise des diplômes",
    items: of(categories["GRADUATION PARTIES"]),
  },
];

export default function CaplifePage() {
  return (
    <>
      <PageHero
        eyebrow="Vie parascolaire"
        title="Apprendre, partager, célébrer"
        intro={<p>Au-delà des cours, une vraie vie de promotion : engagement, sorties, fêtes et souvenirs.</p>}
      >
        <nav aria-label="Rubriques de la page" className="mt-8 flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className="rounded-full bg-white/15 px-4 py-2 text-sm font-semibold ring-1 ring-white/30 hover:bg-white/25"
            >
              {section.eyebrow}
            </a>
          ))}
        </nav>
      </PageHero>
      {SECTIONS.map((section, index) => (
        <Section
          key={section.id}
          id={section.id}
          eyebrow={section.eyebrow}
          title={section.title}
          tone={index % 2 ? "grey" : "white"}
        >
          <VideoGallery items={section.items} />
        </Section>
      ))}
    </>
  );
}
