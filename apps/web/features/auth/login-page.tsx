import { CalendarDays, FileText, GraduationCap } from "lucide-react";
import { brand } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import LoginFormIsland from "./login-form.island.tsx";

/** A sign-in form answers no search: kept out of the index (and out of the sitemap). */
export const meta = () => [
  ...pageMeta({
    title: pageTitle("Connexion"),
    description: `Connectez-vous à votre espace étudiant ${brand.academyName} : planning, supports de cours, attestations et notifications.`,
    path: "/login",
  }),
  { name: "robots", content: "noindex" },
];

const PERKS = [
  { icon: CalendarDays, text: "Le planning de votre centre et le calendrier parascolaire" },
  { icon: GraduationCap, text: "Les supports de cours et les documents d'orientation" },
  { icon: FileText, text: "Vos demandes d'attestations, suivies en ligne" },
];

/**
 * The login page (docs/spec/student-portal.md section 2, "Login page"). Prerendered; the form runs in the browser.
 * The form comes first in the document, as on a phone's screen, and each part has its own
 * column on a wide one: a page painted before its end has arrived does not move once it has.
 */
export default function LoginPage() {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1fr_minmax(0,30rem)] lg:items-center lg:gap-16">
        <section
          aria-labelledby="login-title"
          className="rounded-3xl bg-white p-6 shadow-xl shadow-gray-200/70 ring-1 ring-gray-100 sm:p-10 lg:col-start-2 lg:row-start-1"
        >
          <h1 id="login-title" className="text-3xl font-extrabold tracking-tight text-ink">
            Connexion
          </h1>
          <p className="mt-2 mb-8 text-gray-600">Connectez-vous avec l'adresse e-mail fournie par l'académie.</p>
          <LoginFormIsland />
        </section>

        <section aria-labelledby="login-intro" className="lg:col-start-1 lg:row-start-1">
          <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">Espace étudiant</p>
          <h2 id="login-intro" className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Votre année de préparation, au même endroit.
          </h2>
          <p className="mt-4 max-w-prose text-lg text-gray-700">
            Retrouvez tout ce dont vous avez besoin pour réussir la Selectividad et vos certifications d'espagnol.
          </p>
          <ul className="mt-8 space-y-4">
            {PERKS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm ring-1 ring-brand-100">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="font-medium text-gray-800">{text}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
