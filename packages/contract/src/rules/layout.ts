/**
 * Paths under which the site-wide contact section is not shown (docs/spec/student-portal.md section 2, "Contact
 * section"). Matched as plain prefixes, exactly as listed: "/contact" also covers
 * "/contactez-nous".
 */
export const CONTACT_SECTION_HIDDEN_PREFIXES = [
  "/selectividad-parallele",
  "/contact",
  "/login",
  "/planning",
  "/parascolaire-calendar",
  "/parascolaire/",
  "/jourOff-calendar",
  "/demande-attestation",
  "/support-cours",
  "/notifications",
  "/notification/",
  "/modifier-mot-de-passe",
  "/contactez-nous",
  "/forgot-password",
  "/reset-password",
  "/profile",
  "/etudiants/orientation",
  "/politique-de-confidentialite",
  "/policy-acceptance",
] as const;

/** True when the contact section must stay hidden on `pathname`. */
export function isContactSectionHidden(pathname: string): boolean {
  return CONTACT_SECTION_HIDDEN_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
