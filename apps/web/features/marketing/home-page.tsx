import { brand } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { Accompaniment } from "./sections/Accompaniment.tsx";
import { Accreditations } from "./sections/Accreditations.tsx";
import { Centres } from "./sections/Centres.tsx";
import { Faq } from "./sections/Faq.tsx";
import { Hero } from "./sections/Hero.tsx";
import { Intro } from "./sections/Intro.tsx";
import { KeyFigures } from "./sections/KeyFigures.tsx";
import { LanguageStay } from "./sections/LanguageStay.tsx";
import { PartnerCarousel } from "./sections/PartnerCarousel.tsx";
import { Pathways } from "./sections/Pathways.tsx";
import { PresentationVideo } from "./sections/PresentationVideo.tsx";
import { PromoBanner } from "./sections/PromoBanner.tsx";
import { TopScorers } from "./sections/TopScorers.tsx";

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

/** The landing page, every section in the order of the spec. */
export default function HomePage() {
  return (
    <>
      <Hero />
      <KeyFigures />
      <Accreditations />
      <Centres />
      <PromoBanner />
      <Intro />
      <Pathways />
      <Accompaniment />
      <LanguageStay />
      <PartnerCarousel />
      <PresentationVideo />
      <TopScorers />
      <Faq />
    </>
  );
}
