import type { PublishedYear, SchoolYearOptionsResponse } from "@puerta/contract";

/** The school years the component tests of the publishing lists answer (the contract's shapes). */
export const CURRENT_YEAR: PublishedYear = { id: 3, label: "2026-2027", statut: "en_cours" };
export const CLOSED_YEAR: PublishedYear = { id: 2, label: "2025-2026", statut: "cloturee" };

export const SCHOOL_YEARS: Record<string, { status: number; body: SchoolYearOptionsResponse }> = {
  "/api/gestion/referentiel/annees": { status: 200, body: { data: [CURRENT_YEAR, CLOSED_YEAR] } },
};
