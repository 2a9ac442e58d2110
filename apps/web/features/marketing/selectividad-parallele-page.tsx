import { Headphones, Mail, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { brand, chatLink } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { PageHero } from "./sections/page-hero.tsx";
import PathwaysIsland from "./sections/pathways.island.tsx";
import TopScorersIsland from "./sections/top-scorers.island.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Selectividad en parallèle du baccalauréat"),
    description:
      "Préparez la Selectividad en parallèle de votre baccalauréat européen : un programme aménagé, 100 % de réussite et quatre filières pour entrer à l'université espagnole.",
    path: "/selectividad-parallele",
  });

const STEPS = [
  { title: "Des cours aménagés", text: "Le soir et le samedi, pour ne rien sacrifier de votre baccalauréat européen." },
  {
    title: "Des matières communes",
    text: "Nous nous appuyons sur votre programme pour préparer les épreuves de spécialité.",
  },
  { title: "Une seule année", text: "Vous passez le bac et la Selectividad la même année et gagnez un an." },
];

export default function SelectividadParallelePage() {
  return (
    <>
      <PageHero
        eyebrow="Programme parallèle"
        title="La Selectividad en parallèle du baccalauréat européen"
        intro={
          <p>
            Vous préparez un baccalauréat européen ? Préparez la Selectividad en même temps, sans surcharge : un
            programme pensé pour les lycéens qui visent une université publique espagnole dès la rentrée suivante.
          </p>
        }
      >
        <p className="mt-8 inline-flex items-center gap-3 rounded-2xl bg-white/10 px-5 py-3 ring-1 ring-white/20">
          <span className="text-4xl font-black text-sun">100 %</span>
          <span className="font-semibold">de réussite pour nos promotions précédentes</span>
        </p>
      </PageHero>

      <section aria-labelledby="parallele-how" className="bg-white py-16">
        <div className="mx-auto max-w-6xl px-5">
          <h2 id="parallele-how" className="text-center text-3xl font-extrabold tracking-tight text-ink md:text-4xl">
            Comment ça marche ?
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl bg-gray-50 p-6">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
                <p className="mt-2 text-gray-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <PathwaysIsland id="parcours-paralleles" />
      <TopScorersIsland id="majors-paralleles" />

      <section aria-labelledby="support-title" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-4xl px-5 text-center">
          <Headphones aria-hidden="true" className="mx-auto size-10 text-brand-600" />
          <h2 id="support-title" className="mt-4 text-3xl font-extrabold tracking-tight text-ink">
            Une question sur le programme parallèle ?
          </h2>
          <p className="mt-3 text-lg text-gray-700">
            Notre équipe vous répond du lundi au samedi et vous aide à construire votre calendrier.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/contactez-nous"
              className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
            >
              <Mail aria-hidden="true" className="size-5" />
              Nous écrire
            </Link>
            <a
              href={chatLink(brand.chatNumber, brand.chatGreeting)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-full bg-green-700 px-6 py-3 font-semibold text-white hover:bg-green-800"
            >
              <MessageCircle aria-hidden="true" className="size-5" />
              Discuter sur la messagerie
              <span className="sr-only">(nouvel onglet)</span>
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
