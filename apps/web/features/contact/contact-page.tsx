import { brand } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { ContactSection } from "./contact-section.tsx";

export const meta = () =>
  pageMeta({
    title: pageTitle("Contactez-nous"),
    description: `Écrivez à ${brand.academyName}, à Casablanca : inscriptions, Selectividad, DELE et SIELE. Réponse rapide par e-mail ou par téléphone.`,
    path: "/contactez-nous",
  });

/** /contactez-nous: the contact section as a page (the site-wide one is hidden here). */
export default function ContactPage() {
  return <ContactSection asPage />;
}
