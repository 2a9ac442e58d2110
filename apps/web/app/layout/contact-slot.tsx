import { isContactSectionHidden } from "@puerta/contract";
import { useLocation } from "react-router";
import { ContactSection } from "../../features/contact/contact-section.tsx";

/**
 * Where the site-wide contact section goes, below the main area (docs/spec/student-portal.md section 2, "Contact
 * section"), on every path not listed in CONTACT_SECTION_HIDDEN_PREFIXES.
 */
export function ContactSlot() {
  const { pathname } = useLocation();
  if (isContactSectionHidden(pathname)) return null;
  return <ContactSection />;
}
