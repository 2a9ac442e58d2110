import { BelowTheFold } from "../../components/below-the-fold.tsx";
import { brand } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { Accompaniment } from "./sections/accompaniment.tsx";
import { Accreditations } from "./sections/accreditations.tsx";
import { Centres } from "./sections/centres.tsx";
import FaqIsland from "./sections/faq.island.tsx";
import { Hero } from "./sections/hero.tsx";
import { Intro } from "./sections/intro.tsx";
import { KeyFigures } from "./sections/key-figures.tsx";
import { LanguageStay } from "./sections/language-stay.tsx";
import PartnerCarouselIsland from "./sections/partner-carousel.island.tsx";
import PathwaysIsland from "./sections/pathways.island.tsx";
import { PresentationVideo } from "./sections/presentation-video.tsx";
import PromoBannerIsland from "./sections/promo-banner.island.tsx";
import TopScorersIsland from "./sections/top-scorers.island.tsx";

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

/** The sections a phone shows only once scrolled to, in the order of docs/spec/marketing-site.md section 2. */
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

/** The landing page, every section in the order of docs/spec/marketing-site.md section 2. */
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
