import { videos } from "../../content/index.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { PageHero } from "./sections/page-hero.tsx";
import { VideoGallery } from "./sections/video-gallery.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Vlog"),
    description: "Le vlog de l'académie : journées de préparation, conseils de révision, séjour à Madrid et coulisses.",
    path: "/vlog",
  });

export default function VlogPage() {
  return (
    <>
      <PageHero
        eyebrow="Vlog"
        title="Le vlog de l'académie"
        intro={<p>Suivez nos étudiants au quotidien, de la première leçon aux résultats.</p>}
      />
      <section aria-label="Vidéos du vlog" className="bg-gray-50 py-16">
        <div className="mx-auto max-w-6xl px-5">
          <VideoGallery items={videos.vlog} headingLevel={2} />
        </div>
      </section>
    </>
  );
}
