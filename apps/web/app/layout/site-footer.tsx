import { LIMITS } from "@puerta/contract";
import { Mail, MapPin } from "lucide-react";
import { Link } from "react-router";
import { SocialIcon } from "../../components/social-icon.tsx";
import { aboutPath, brand, postalAddress } from "../../content/brand.ts";

const LINKS = [
  { to: "/", label: "Accueil" },
  { to: aboutPath, label: "A propos" },
  { to: "/selectividad-casablanca", label: "Selectividad" },
  { to: "/dele", label: "DELE & SIELE" },
  { to: "/blog-2", label: "Blog" },
  { to: "/contactez-nous", label: "Contactez-nous" },
  { to: "/login", label: "Espace étudiant" },
  // The server writes the configured periods and CNDP number into this page's HTML when it serves
  // it (decision 114): from the student area's router it is loaded as a document, never rendered there.
  { to: "/politique-de-confidentialite", label: "Politique de confidentialité", reloadDocument: true },
];

/** The footer of every page (docs/spec/student-portal.md section 2): contact details, links and © 2025. */
export function SiteFooter() {
  return (
    <footer className="bg-ink text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.3fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2.5 text-xl font-extrabold text-white">
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-xl bg-brand-600 font-black"
            >
              {brand.academyName.charAt(0)}
            </span>
            {brand.academyName}
          </p>
          <p className="mt-4 max-w-sm text-sm leading-relaxed">{brand.tagline}.</p>
          <ul className="mt-5 flex gap-2" aria-label="Réseaux sociaux">
            {brand.social.map((s) => (
              <li key={s.network}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-brand-600"
                >
                  <SocialIcon network={s.network} className="size-5" />
                  <span className="sr-only">{s.label} (nouvel onglet)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Liens du pied de page">
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Découvrir</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} reloadDocument={link.reloadDocument} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Nous trouver</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2.5">
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-100" />
              {postalAddress(brand.address)}
            </p>
            <p className="flex gap-2.5">
              <Mail aria-hidden="true" className="size-5 shrink-0 text-brand-100" />
              <a href={`mailto:${brand.contactEmail}`} className="hover:text-white hover:underline">
                {brand.contactEmail}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm sm:px-6">
          © {LIMITS.copyrightYear} {brand.academyName}. Tous droits réservés.
        </p>
      </div>
    </footer>
  );
}
