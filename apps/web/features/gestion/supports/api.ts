import type {
  CourseDocumentsOrderRequest,
  CourseDocumentUpdateRequest,
  Page,
  StaffCourseDocument,
  SupportSubjects,
} from "@puerta/contract";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

export const SUPPORTS_KEY = [STAFF_QUERY_KEY, "supports"] as const;
export const SUPPORTS_URL = "/api/gestion/supports/documents";

export const supportsApi = {
  subjects: (signal?: AbortSignal) => staffJson<SupportSubjects>("/api/gestion/supports/matieres", { signal }),
  /** Every document of one subject (and level), in the staff's order. */
  documents: (matiereId: number, niveau: string, signal?: AbortSignal) =>
    staffJson<Page<StaffCourseDocument>>(
      `${SUPPORTS_URL}${queryString({ matiere_id: matiereId, niveau_id: niveau, sort: "ordre", per_page: 200 })}`,
      { signal },
    ),
  update: (id: number, body: CourseDocumentUpdateRequest) =>
    staffJson<StaffCourseDocument>(`${SUPPORTS_URL}/${id}`, { method: "PATCH", body }),
  reorder: (body: CourseDocumentsOrderRequest) =>
    staffJson<{ data: StaffCourseDocument[] }>(`${SUPPORTS_URL}/ordre`, { method: "PUT", body }),
  withdraw: (id: number) => staffJson<void>(`${SUPPORTS_URL}/${id}`, { method: "DELETE" }),
};
