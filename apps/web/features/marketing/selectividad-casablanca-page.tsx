import { Award, CalendarDays, CalendarRange, GraduationCap, MapPin, Users } from "lucide-react";
import { brand } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import FaqIsland from "./sections/faq.island.tsx";
import { LanguageStay } from "./sections/language-stay.tsx";
import { PageHero } from "./sections/page-hero.tsx";
import { Section } from "./sections/section.tsx";
import TopScorersIsland from "./sections/top-scorers.island.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Selectividad à Casablanca"),
    description:
      "Préparation à la Selectividad à Casablanca : 9 mois de septembre à mai, épreuves, calcul de la note finale, bourse d'excellence et accompagnement jusqu'à l'université espagnole.",
    path: "/selectividad-casablanca",
  });

const TILES = [
  { icon: CalendarRange, title: "9 mois de préparation", text: "De septembre à mai, au rythme de l'examen." },
  { icon: GraduationCap, title: "100 % de réussite", text: "Pour nos promotions précédentes." },
  { icon: Users, title: "Petits groupes", text: "Un suivi personnalisé de chaque étudiant." },
  { icon: Award, title: "Bourse d'excellence", text: "25 % de réduction dès 16/20 au baccalauréat." },
];

const EXAM_PARTS = [
  "Langue étrangère : anglais ou français",
  "Histoire de l'Espagne",
  "Langue et littérature espagnoles",
  "Une épreuve de spécialité selon votre filière",
];

export default function SelectividadCasablancaPage() {
  return (
    <>
      <PageHero
        eyebrow="Selectividad Casablanca"
        title="Préparez la Selectividad à Casablanca et entrez à l'université espagnole"
        intro={
          <p>
            {brand.academyName} prépare les bacheliers marocains à l'examen d'accès aux universités publiques espagnoles
            : santé, économie, architecture et ingénierie, dans nos trois centres de Casablanca.
          </p>
        }
      >
        {/* The "Bourse d'excellence" tile has no link (docs/spec/marketing-site.md section 2). */}
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {TILES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white/10 p-4 ring-1 ring-white/20 sm:p-5">
              <Icon aria-hidden="true" className="size-7 text-sun" />
              <p className="mt-3 font-bold">{title}</p>
              <p className="mt-1 text-sm text-white/85">{text}</p>
            </li>
          ))}
        </ul>
      </PageHero>

      <Section
        id="examen"
        eyebrow="L'examen"
        title="Comment se déroule la Selectividad ?"
        intro="La note finale additionne la moyenne du baccalauréat et les notes des matières réussies. Aucune note minimale au bac n'est exigée, l'année du bac n'a pas d'importance, et les universités publiques acceptent les candidats jusqu'à 45 ans."
      >
        <div className="grid gap-8 md:grid-cols-2">
          <div className="rounded-2xl bg-gray-50 p-6">
            <h3 className="text-xl font-bold text-ink">Les épreuves</h3>
            <ul className="mt-4 space-y-2">
              {EXAM_PARTS.map((part) => (
                <li key={part} className="flex gap-2 text-gray-800">
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" />
                  {part}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-gray-700">
              Durée des études : architecture environ 5 ans, médecine 6 ans, pharmacie 5 ans. Pour un master, le niveau
              B2 en espagnol est demandé.
            </p>
          </div>
          <div className="flex flex-col rounded-2xl bg-ink p-6 text-white">
            <h3 className="text-xl font-bold">Le jour de l'examen</h3>
            <p className="mt-4 flex gap-2 text-white/90">
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-sun" />
              L'examen a lieu dans un établissement de la mission espagnole, sur un boulevard de Casablanca.
            </p>
            <p className="mt-3 flex gap-2 text-white/90">
              <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-sun" />
              Les places sont limitées : nous vous inscrivons et vous accompagnons dans toutes les démarches.
            </p>
            <a
              href="#contact"
              className="mt-6 self-start rounded-full bg-sun px-6 py-3 font-bold text-ink hover:bg-yellow-300"
            >
              PRENDRE RENDEZ-VOUS
            </a>
          </div>
        </div>
      </Section>

      <TopScorersIsland id="promotion-majors" eyebrow="Promotion" title="Les majors de notre dernière promotion" />
      <FaqIsland id="faq-selectividad" />
      <LanguageStay />
    </>
  );
}
