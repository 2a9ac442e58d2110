import { Mail } from "lucide-react";
import { useId } from "react";
import { SocialIcon } from "../../components/social-icon.tsx";
import { brand } from "../../content/brand.ts";
import ContactFormIsland from "./contact-form.island.tsx";

/**
 * The contact section (docs/spec/student-portal.md section 2): the academy's e-mail, its social links and the form.
 * Below the main area of most pages (heading level 2), and the whole of /contactez-nous (level 1).
 */
export function ContactSection({ asPage = false }: { asPage?: boolean }) {
  const titleId = useId();
  const Heading = asPage ? "h1" : "h2";
  return (
    // id="contact": the marketing pages' calls to action link to #contact (docs/spec/marketing-site.md section 2).
    <section id="contact" aria-labelledby={titleId} className="scroll-mt-24 bg-gradient-to-b from-white to-brand-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-16 lg:py-20">
        <div>
          <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">Contact</p>
          <Heading id={titleId} className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
            Contactez-nous
          </Heading>
          <p className="mt-4 max-w-prose text-lg text-gray-700">
            {/* Non-breaking spaces keep French "?" and ":" on the line of their word. */}
            Une question sur la Selectividad, le DELE ou le SIELE, une inscription ou un rendez-vous{"\u00a0"}?
            Écrivez-nous{"\u00a0"}: l'équipe vous répond rapidement.
          </p>
          <p className="mt-8 text-sm font-semibold text-gray-600">Par e-mail</p>
          <a
            href={`mailto:${brand.contactEmail}`}
            className="mt-2 inline-flex items-center gap-3 font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <span className="flex size-10 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm ring-1 ring-brand-100">
              <Mail aria-hidden="true" className="size-5" />
            </span>
            {brand.contactEmail}
          </a>
          <p className="mt-8 text-sm font-semibold text-gray-600" id={`${titleId}-social`}>
            Sur les réseaux sociaux
          </p>
          <ul className="mt-3 flex flex-wrap gap-2" aria-labelledby={`${titleId}-social`}>
            {brand.social.map((s) => (
              <li key={s.network}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink shadow-sm ring-1 ring-gray-200 transition hover:text-brand-700 hover:ring-brand-600"
                >
                  <SocialIcon network={s.network} className="size-5" />
                  {s.label}
                  <span className="sr-only"> (nouvel onglet)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-xl shadow-gray-200/70 ring-1 ring-gray-100 sm:p-8">
          <ContactFormIsland />
        </div>
      </div>
    </section>
  );
}
