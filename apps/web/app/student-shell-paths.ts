import { PROTECTED_ROUTES } from "@puerta/contract";

/**
 * The student area's pages without a parameter. They are prerendered too, as shells of the
 * client-side app (decision 009): header, page title and introduction, the scripts of the
 * page preloaded. Their data, and the session, load in the browser. They stay out of the
 * sitemap, and scripts/island-pages.ts leaves their scripts alone.
 */
export const STUDENT_SHELL_PATHS: readonly string[] = PROTECTED_ROUTES.filter((route) => !route.includes(":"));

/**
 * The API reads each shell's page makes first, sent by the shell's HTML with the stored token
 * so that the data comes beside the app's scripts, not after them (lib/startup-reads.ts).
 * The pages behind the policy gate ask for its status first, and are left out.
 */
export const SHELL_STARTUP_READS: Readonly<Record<string, readonly string[]>> = {
  "/planning": ["/api/planifications"],
  "/notifications": ["/api/notifications"],
  "/support-cours": ["/api/documents"],
  "/etudiants/orientation": ["/api/orientations"],
  "/parascolaire-calendar": ["/api/parascolaires", "/api/parascolaires-stats"],
  "/jourOff-calendar": ["/api/jours-feries", "/api/jours-feries/statistics"],
};
