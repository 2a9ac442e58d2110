import { FORMER_STUDENT_PAGES, matchesRoute, SCHOOL_YEAR_MESSAGES, type User } from "@puerta/contract";
import { Link } from "react-router";
import { brand } from "../../content/brand.ts";

/** A former student (*Ancien élève*) on a student page their reduced area does not keep. */
export function outsideFormerStudentArea(user: User | null | undefined, pathname: string): boolean {
  return user?.etudiant?.statut_scolaire === "ancien_eleve" && !matchesRoute(pathname, FORMER_STUDENT_PAGES);
}

/**
 * What a former student sees on any other student page (docs/spec/school-year-and-data.md
 * section 3): their training has ended, and where their attestations are. Answered 403 by the
 * server, as the API answers that page's calls.
 */
export function FormerStudentPage() {
  return (
    // Inside the site layout's <main>: a second one would nest the landmark (axe's landmark rules).
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <title>{`${SCHOOL_YEAR_MESSAGES.formerStudentPageTitle} | ${brand.academyName}`}</title>
      <h1 className="text-2xl font-bold">{SCHOOL_YEAR_MESSAGES.formerStudentPageTitle}</h1>
      <p className="mt-3 text-gray-700">{SCHOOL_YEAR_MESSAGES.formerStudentArea}</p>
      <Link
        to="/demande-attestation"
        className="mt-8 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        {SCHOOL_YEAR_MESSAGES.formerStudentPageLink}
      </Link>
    </div>
  );
}
