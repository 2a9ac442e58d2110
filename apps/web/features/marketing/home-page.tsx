import { BelowTheFold } from "../../components/BelowTheFold.tsx";
import { brand } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { Accompaniment } from "./sections/Accompaniment.tsx";
import { Accreditations } from "./sections/Accreditations.tsx";
import { Centres } from "./sections/Centres.tsx";
import FaqIsland from "./sections/Faq.island.tsx";
import { Hero } from "./sections/Hero.tsx";
import { Intro } from "./sections/Intro.tsx";
import { KeyFigures } from "./sections/KeyFigures.tsx";
import { LanguageStay } from "./sections/LanguageStay.tsx";
import PartnerCarouselIsland from "./sections/PartnerCarousel.island.tsx";
import PathwaysIsland from "./sections/Pathways.island.tsx";
import { PresentationVideo } from "./sections/PresentationVideo.tsx";
import PromoBannerIsland from "./sections/PromoBanner.island.tsx";
import TopScorersIsland from "./sections/TopScorers.island.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Préparation à la Selectividad à Casablanca"),
    description: `${brand.academyName} prépare les bacheliers marocains à la Selectividad, au DELE et au SIELE dans trois centres à Casablanca : 100 % de réussite, séjour linguistique à Madrid et accompagnement jusqu'à l'université espagnole.`,
    path: "/",
  });

/** The hero video's poster is the page's largest paint: fetch it first, before any script. */
export const links = () => [
  { rel: "preload", as: "image", href: "/media/video/hero.webp", type: "image/webp", fetchPriority: "high" },
];

/** The sections a phone shows only once scrolled to, in the order of the spec. */
const BELOW_THE_FOLD = [
  Accreditations,
  Centres,
  PromoBannerIsland,
  Intro,
  PathwaysIsland,
  Accompaniment,
  LanguageStay,
  PartnerCarouselIsland,
  PresentationVideo,
  TopScorersIsland,
  FaqIsland,
];

/** The landing page, every section in the order of the spec. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <KeyFigures />
      {BELOW_THE_FOLD.map((Section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
        <BelowTheFold key={index}>
          <Section />
        </BelowTheFold>
      ))}
    </>
  );
}
