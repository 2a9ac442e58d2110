import { isContactSectionHidden } from "@puerta/contract";
import { useLocation } from "react-router";

/**
 * Where the site-wide contact section goes, below the main area (spec section 2, "Contact
 * section"), on every path not listed in CONTACT_SECTION_HIDDEN_PREFIXES.
 * The contact feature renders its section here: return <ContactSection /> from
 * features/contact instead of null.
 */
export function ContactSlot() {
  const { pathname } = useLocation();
  if (isContactSectionHidden(pathname)) return null;
  return null;
}
