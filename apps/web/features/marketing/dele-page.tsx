import ImageCarouselIsland from "../../components/image-carousel.island.tsx";
import { images, videos } from "../../content/index.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import ImageGridIsland from "./sections/image-grid.island.tsx";
import { PageHero } from "./sections/page-hero.tsx";
import { Section } from "./sections/section.tsx";
import TestimonialSliderIsland from "./sections/testimonial-slider.island.tsx";
import { VideoGallery } from "./sections/video-gallery.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Préparation DELE et SIELE"),
    description:
      "Préparez le DELE (A1 à B2) et le SIELE (A1 à C1, entièrement numérique) à Casablanca, dans un centre accrédité et centre d'examen agréé.",
    path: "/dele",
  });

const YEARS = [2025, 2024, 2023];

export default function DelePage() {
  return (
    <>
      <PageHero
        eyebrow="Certifications d'espagnol"
        title="Préparation au DELE et au SIELE"
        intro={
          <p>
            Diplômes DELE de A1 à B2, certification SIELE de A1 à C1 entièrement numérique : nous vous préparons et vous
            faisons passer l'examen dans notre centre agréé de Casablanca.
          </p>
        }
      >
        <div className="mt-8 flex flex-wrap gap-4">
          <img
            src="/media/logos/dele.svg"
            alt="DELE, niveaux A1 à B2"
            width={240}
            height={120}
            className="h-20 w-auto"
          />
          <img
            src="/media/logos/siele.svg"
            alt="SIELE, niveaux A1 à C1, numérique"
            width={240}
            height={120}
            className="h-20 w-auto"
          />
        </div>
      </PageHero>

      <Section
        id="dele-galeries"
        eyebrow="DELE"
        title="Nos promotions DELE en images"
        intro="Ateliers, sessions d'examen et remises de diplômes, année après année."
      >
        <div className="space-y-12">
          {YEARS.map((year) => (
            <div key={year}>
              <h3 className="mb-4 text-2xl font-bold text-ink">{year}</h3>
              <ImageCarouselIsland label={`Photos DELE ${year}`} images={images.dele.filter((i) => i.year === year)} />
            </div>
          ))}
        </div>
      </Section>

      <Section
        id="siele"
        tone="grey"
        eyebrow="SIELE"
        title="Le SIELE au centre d'examen"
        intro="Une certification entièrement numérique, des résultats rapides et un niveau situé de A1 à C1."
      >
        <ImageGridIsland items={images.siele} />
      </Section>

      <Section id="temoignages-dele" eyebrow="Ils ont réussi" title="Témoignages vidéo DELE">
        <VideoGallery items={videos.deleTestimonials} />
      </Section>

      <Section id="temoignages-siele" tone="grey" eyebrow="SIELE" title="Ce que disent nos candidats SIELE">
        <TestimonialSliderIsland />
      </Section>
    </>
  );
}
