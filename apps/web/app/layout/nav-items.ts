import { aboutPath } from "../../content/brand.ts";

export type NavAnchor = { hash: string; label: string };
export type NavItem = {
  to: string;
  label: string;
  /** What the desktop bar shows below 1280 px, where the full labels do not fit on one line. */
  shortLabel?: string;
  anchors?: readonly NavAnchor[];
  /** Path prefixes of the item's detail pages, where it stays marked as the current section. */
  sections?: readonly string[];
};

/** Navigation of a visitor (docs/spec/student-portal.md section 2, "Navigation"); /login is the header's button. */
export const PUBLIC_NAV: readonly NavItem[] = [
  { to: "/", label: "Accueil" },
  { to: aboutPath, label: "A propos" },
  { to: "/selectividad-casablanca", label: "Selectividad Casablanca", shortLabel: "Selectividad" },
  { to: "/selectividad-parallele", label: "Selectividad Parallèle", shortLabel: "Parallèle" },
  { to: "/dele", label: "DELE & SIELE" },
  {
    to: "/orientation",
    label: "Orientation",
    anchors: [
      { hash: "#eleves", label: "Réunions parents-élèves" },
      { hash: "#Almuni", label: "Journée des alumni" },
      { hash: "#Preinscriptions", label: "Préinscriptions" },
    ],
  },
  {
    to: "/temoignages",
    label: "Témoignages",
    anchors: [
      { hash: "#Parents", label: "Parents" },
      { hash: "#Laureats", label: "Lauréats" },
      { hash: "#Alumni", label: "Alumni" },
    ],
  },
  {
    to: "/caplife",
    label: "Caplife",
    anchors: [
      { hash: "#citoyennete", label: "Citoyenneté" },
      { hash: "#parties", label: "Soirées" },
      { hash: "#sorties", label: "Sorties" },
      { hash: "#graduation-parties", label: "Graduation parties" },
    ],
  },
  { to: "/blog-2", label: "Blog", sections: ["/blog/", "/blog"] },
  { to: "/vlog", label: "Vlog" },
];

/** Navigation of a logged-in student (docs/spec/student-portal.md section 2, "Navigation"). */
export const STUDENT_NAV: readonly NavItem[] = [
  { to: "/planning", label: "Planning" },
  { to: "/etudiants/orientation", label: "Orientation" },
  { to: "/support-cours", label: "Support des cours", shortLabel: "Supports" },
  { to: "/demande-attestation", label: "Docs Administratifs" },
  { to: "/notifications", label: "Notifications", sections: ["/notification/"] },
  { to: "/parascolaire-calendar", label: "Parascolaire", sections: ["/parascolaire/"] },
  { to: "/jourOff-calendar", label: "Jours fériés" },
  { to: "/profile", label: "Profil" },
  { to: "/policy-acceptance", label: "Politique" },
];

/**
 * Navigation of a former student (docs/spec/school-year-and-data.md section 3): their attestations,
 * /profile and the password, nothing else.
 */
export const FORMER_STUDENT_NAV: readonly NavItem[] = [
  { to: "/demande-attestation", label: "Docs Administratifs" },
  { to: "/profile", label: "Profil" },
  { to: "/modifier-mot-de-passe", label: "Mot de passe" },
];

/** Counters shown beside nav items, by path (e.g. unread notifications); shown only above 0. */
export type NavBadges = Partial<Record<string, number>>;
