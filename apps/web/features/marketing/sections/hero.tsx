import { Link } from "react-router";
import { aboutPath, brand } from "../../../content/brand.ts";
import HeroVideoIsland from "./hero-video.island.tsx";
import QuestionsBannerIsland from "./questions-banner.island.tsx";

/**
 * Home hero: muted looping background video (poster only under reduced motion, with a pause
 * button); the questions banner under it on mobile, over it on desktop.
 */
export function Hero() {
  return (
    <section className="relative bg-ink" aria-labelledby="hero-title">
      <div className="relative min-h-[420px] overflow-hidden md:min-h-[640px]">
        <HeroVideoIsland />
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-r from-ink/90 via-ink/60 to-ink/10" />
        <div className="relative mx-auto max-w-6xl px-5 pt-16 pb-12 md:pt-20 md:pb-64">
          <p className="mb-3 text-sm font-bold tracking-widest text-sun uppercase">{brand.academyName} · Casablanca</p>
          <h1
            id="hero-title"
            className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-white md:text-5xl lg:text-6xl"
          >
            Votre avenir à l'université espagnole commence ici
          </h1>
          <p className="mt-5 max-w-xl text-lg text-white/90">
            Préparation à la Selectividad en 9 mois, de septembre à mai, dans nos trois centres de Casablanca.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/selectividad-casablanca"
              className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white shadow-lg hover:bg-brand-700"
            >
              Découvrir la préparation
            </Link>
            <Link
              to={aboutPath}
              className="rounded-full bg-white/15 px-6 py-3 font-semibold text-white ring-1 ring-white/40 backdrop-blur hover:bg-white/25"
            >
              Pourquoi {brand.academyName} ?
            </Link>
          </div>
        </div>
        <div className="absolute inset-x-0 bottom-8 hidden md:block">
          <div className="mx-auto max-w-6xl px-5">
            <div className="w-[520px]">
              <QuestionsBannerIsland />
            </div>
          </div>
        </div>
      </div>
      <div className="md:hidden">
        <QuestionsBannerIsland />
      </div>
    </section>
  );
}
