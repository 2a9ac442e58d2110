import { brand } from "../../content/brand.ts";
import { ContactSection } from "./contact-section.tsx";

export const meta = () => [
  { title: `Contactez-nous | ${brand.academyName}` },
  {
    name: "description",
    content: `Écrivez à ${brand.academyName}, à Casablanca : inscriptions, Selectividad, DELE et SIELE. Réponse rapide par e-mail ou par téléphone.`,
  },
  { property: "og:title", content: `Contactez-nous | ${brand.academyName}` },
  { property: "og:type", content: "website" },
  { property: "og:locale", content: "fr_FR" },
  { property: "og:site_name", content: brand.academyName },
  { name: "twitter:card", content: "summary" },
];

/** /contactez-nous: the contact section as a page (the site-wide one is hidden here). */
export default function ContactPage() {
  return <ContactSection asPage />;
}
