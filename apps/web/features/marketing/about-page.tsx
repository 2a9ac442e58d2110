import { Eye, MapPin, Target } from "lucide-react";
import { aboutPath, brand } from "../../content/brand.ts";
import { team } from "../../content/index.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { PageHero } from "./sections/page-hero.tsx";
import { Section } from "./sections/section.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle(`Pourquoi ${brand.academyName} ?`),
    description: `Le fondateur, l'équipe de 21 personnes, la vision et la mission de ${brand.academyName}, l'académie qui prépare les bacheliers marocains aux universités espagnoles.`,
    path: aboutPath,
  });

export default function AboutPage() {
  const { founder } = team;
  return (
    <>
      <PageHero
        eyebrow="À propos"
        title={`Pourquoi ${brand.academyName} ?`}
        intro={
          <p>
            Plus de 30 ans d'expérience dans l'enseignement, 3 centres à Casablanca et une seule ambition : ouvrir à nos
            étudiants les portes des universités espagnoles.
          </p>
        }
      />

      <section aria-labelledby="founder-title" className="bg-white py-16">
        <div className="mx-auto grid max-w-5xl items-center gap-10 px-5 md:grid-cols-[280px_1fr]">
          <img
            src={founder.image}
            alt={`Portrait de ${founder.name}`}
            width={240}
            height={240}
            className="mx-auto size-56 rounded-3xl shadow-xl md:size-64"
          />
          <div>
            <p className="text-sm font-bold tracking-widest text-brand-600 uppercase">Le fondateur</p>
            <h2 id="founder-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink">
              {founder.name}
            </h2>
            <p className="font-semibold text-gray-600">{founder.role}</p>
            {founder.bio.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-lg leading-relaxed text-gray-700">
                {paragraph}
              </p>
            ))}
          </div>
        </div>
      </section>

      <Section
        id="equipe"
        tone="grey"
        eyebrow="L'équipe"
        title="21 personnes à vos côtés"
        intro="Professeurs spécialistes, conseillers d'orientation et équipes des centres."
      >
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {team.members.map((member) => (
            <li key={member.name} className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-gray-100">
              <img
                src={member.image}
                alt=""
                width={240}
                height={240}
                loading="lazy"
                className="mx-auto size-24 rounded-full ring-4 ring-brand-50"
              />
              <h3 className="mt-3 font-bold text-ink">{member.name}</h3>
              <p className="text-sm text-gray-700">{member.role}</p>
              {member.location && (
                <p className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand-700">
                  <MapPin aria-hidden="true" className="size-3.5" />
                  {member.location}
                </p>
              )}
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="vision-title" className="bg-white py-16">
        <h2 id="vision-title" className="sr-only">
          Vision et mission
        </h2>
        <div className="mx-auto grid max-w-5xl gap-6 px-5 md:grid-cols-2">
          <article className="rounded-3xl bg-brand-700 p-8 text-white">
            <Eye aria-hidden="true" className="size-8 text-sun" />
            <h3 className="mt-4 text-2xl font-bold">Notre vision</h3>
            <p className="mt-3 text-lg text-white/90">{team.vision}</p>
          </article>
          <article className="rounded-3xl bg-ink p-8 text-white">
            <Target aria-hidden="true" className="size-8 text-sun" />
            <h3 className="mt-4 text-2xl font-bold">Notre mission</h3>
            <p className="mt-3 text-lg text-white/90">{team.mission}</p>
          </article>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-3xl px-5 text-center">
          <h2 id="cta-title" className="text-3xl font-extrabold tracking-tight text-ink">
            Parlons de votre projet
          </h2>
          <p className="mt-3 text-lg text-gray-700">
            Un conseiller vous rappelle pour faire le point sur votre filière.
          </p>
          <a
            href="#contact"
            className="mt-8 inline-block rounded-full bg-brand-600 px-8 py-3 font-semibold text-white hover:bg-brand-700"
          >
            Nous contacter
          </a>
        </div>
      </section>
    </>
  );
}
