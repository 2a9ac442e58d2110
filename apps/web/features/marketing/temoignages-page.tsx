import { videos } from "../../content/index.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { PageHero } from "./sections/page-hero.tsx";
import { Section } from "./sections/section.tsx";
import { VideoGallery } from "./sections/video-gallery.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Témoignages"),
    description:
      "Parents, lauréats et anciens étudiants racontent leur préparation à la Selectividad et leur vie à l'université espagnole.",
    path: "/temoignages",
  });

export default function TemoignagesPage() {
  return (
    <>
      <PageHero
        eyebrow="Témoignages"
        title="Ils nous ont fait confiance"
        intro={<p>Parents, lauréats et anciens étudiants racontent, en vidéo, leur parcours avec nous.</p>}
      />
      <Section id="Parents" eyebrow="Parents" title="La parole aux parents">
        <VideoGallery items={videos.parents} />
      </Section>
      <Section id="Laureats" tone="grey" eyebrow="Lauréats" title="Nos lauréats">
        <VideoGallery items={videos.laureates} />
      </Section>
      <Section id="Alumni" eyebrow="Alumni" title="Nos anciens, aujourd'hui en Espagne">
        <VideoGallery items={videos.alumni} />
      </Section>
    </>
  );
}
