import { isContactSectionHidden } from "@puerta/contract";
import type { ComponentType } from "react";
import { useLocation, useMatches } from "react-router";

type ContactHandle = { contactSection: ComponentType };

const hasContactSection = (handle: unknown): handle is ContactHandle =>
  typeof handle === "object" && handle !== null && "contactSection" in handle;

/**
 * Where the site-wide contact section goes, below the main area (docs/spec/student-portal.md section 2, "Contact
 * section"), on every path not listed in CONTACT_SECTION_HIDDEN_PREFIXES. The section itself is given by
 * the matched `contact-pages` route (`handle.contactSection`): every page that may show it is below
 * that route, and no student page is (`routes.ts`).
 */
export function ContactSlot() {
  const { pathname } = useLocation();
  const ContactSection = useMatches()
    .map((match) => match.handle)
    .find(hasContactSection)?.contactSection;
  if (!ContactSection || isContactSectionHidden(pathname)) return null;
  return <ContactSection />;
}
