import { PROTECTED_ROUTES } from "@puerta/contract";

/**
 * The student area's pages without a parameter. They are prerendered too, as shells of the
 * client-side app (decision 009): header, page title and introduction, the scripts of the
 * page preloaded. Their data, and the session, load in the browser. They stay out of the
 * sitemap, and scripts/island-pages.ts leaves their scripts alone.
 */
export const STUDENT_SHELL_PATHS: readonly string[] = PROTECTED_ROUTES.filter((route) => !route.includes(":"));
