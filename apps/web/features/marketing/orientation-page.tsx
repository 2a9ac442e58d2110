import ImageCarouselIsland from "../../components/image-carousel.island.tsx";
import VideoPlayerIsland from "../../components/video-player.island.tsx";
import { images, videos } from "../../content/index.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { PageHero } from "./sections/page-hero.tsx";
import { Section } from "./sections/section.tsx";
import { VideoGallery } from "./sections/video-gallery.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Orientation"),
    description:
      "Réunions d'orientation, rencontres avec les parents, journée des anciens et ateliers de préinscription : nous aidons chaque étudiant à choisir sa filière et son université en Espagne.",
    path: "/orientation",
  });

const MEETING_YEARS = [2025, 2024];

export default function OrientationPage() {
  const { orientation } = videos;
  return (
    <>
      <PageHero
        eyebrow="Orientation"
        title="Choisir sa filière et son université en Espagne"
        intro={
          <p>
            Nos conseillers accompagnent chaque étudiant et sa famille : choix de la filière, des universités et des
            vœux de préinscription.
          </p>
        }
      />
      <section aria-labelledby="orientation-video-title" className="bg-ink py-16">
        <div className="mx-auto max-w-4xl px-5">
          <h2 id="orientation-video-title" className="mb-6 text-center text-2xl font-bold text-white md:text-3xl">
            {orientation.title}
          </h2>
          <VideoPlayerIsland src={orientation.video} poster={orientation.poster} title={orientation.title} />
        </div>
      </section>
      <Section
        id="eleves"
        eyebrow="Élèves et parents"
        title="Les réunions parents"
        intro="Chaque trimestre, nous présentons les filières, le calendrier de l'examen et les démarches aux familles."
      >
        <div className="space-y-12">
          {MEETING_YEARS.map((year) => (
            <div key={year}>
              <h3 className="mb-4 text-2xl font-bold text-ink">{year}</h3>
              <ImageCarouselIsland
                label={`Réunions parents ${year}`}
                images={images.parentsMeeting.filter((i) => i.year === year)}
              />
            </div>
          ))}
        </div>
      </Section>
      <Section
        id="Almuni"
        tone="grey"
        eyebrow="Alumni"
        title="La journée des anciens"
        intro="Nos anciens étudiants, aujourd'hui en Espagne, partagent leur expérience avec les nouvelles promotions."
      >
        <VideoGallery items={videos.alumniDay} />
      </Section>
      <Section
        id="Preinscriptions"
        eyebrow="Préinscriptions"
        title="Ateliers de préinscription"
        intro="Pas à pas, nous préparons avec vous le dossier de préinscription dans les universités publiques espagnoles."
      >
        <VideoGallery items={videos.preRegistration} />
      </Section>
    </>
  );
}
