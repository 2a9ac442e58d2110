import VideoPlayerIsland from "../../../components/video-player.island.tsx";
import { brand } from "../../../content/brand.ts";
import { videos } from "../../../content/index.ts";
import { SectionHeading } from "./section-heading.tsx";

export function PresentationVideo() {
  const { presentation } = videos;
  return (
    <section aria-labelledby="presentation-title" className="bg-ink py-16">
      <div className="mx-auto max-w-4xl px-5">
        <SectionHeading
          id="presentation-title"
          tone="light"
          eyebrow="En vidéo"
          title={`Découvrez ${brand.academyName} en images`}
          intro="Nos centres, nos professeurs et nos étudiants vous présentent l'académie."
        />
        <VideoPlayerIsland src={presentation.video} poster={presentation.poster} title={presentation.title} />
      </div>
    </section>
  );
}
