import { type CourseDocuments, DOCUMENT_TEXTS } from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api.ts";
import { httpErrorText } from "../../lib/file-download.ts";

export const courseDocumentsQuery = queryOptions({
  queryKey: ["documents"] as const,
  staleTime: 60_000,
  queryFn: async ({ signal }): Promise<CourseDocuments> => {
    let body: { success?: boolean; data?: CourseDocuments; message?: string };
    try {
      body = await apiJson("/api/documents", { signal });
    } catch (error) {
      // docs/spec/student-portal.md section 8: a non-OK answer reads 'HTTP error! status: {code}'.
      if (error instanceof ApiError && error.status > 0) throw new Error(httpErrorText(error.status));
      throw error;
    }
    if (!body?.success || !body.data) throw new Error(body?.message || DOCUMENT_TEXTS.courseFetchFailed);
    return body.data;
  },
});

export const useCourseDocuments = () => useQuery(courseDocumentsQuery);

/** The three counters of the page: subjects, levels, documents. */
export function courseCounts(data: CourseDocuments) {
  const levels = data.matieres_avec_niveaux.reduce((n, m) => n + m.niveaux.length, 0);
  const documents =
    Object.values(data.cours_par_niveau).reduce((n, list) => n + list.length, 0) +
    data.matieres_sans_niveaux.reduce((n, m) => n + m.cours.length, 0);
  return { subjects: data.matieres_avec_niveaux.length + data.matieres_sans_niveaux.length, levels, documents };
}
