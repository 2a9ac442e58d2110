import type {
  CourseDocumentsOrderRequest,
  CourseDocumentUpdateRequest,
  Page,
  StaffCourseDocument,
  SupportSubjects,
} from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useInvalidate, useStaffMutation } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a write refreshes them all. */
export const supportKeys = {
  all: [STAFF_QUERY_KEY, "supports"] as const,
  subjects: () => [...supportKeys.all, "matieres"] as const,
  documents: () => [...supportKeys.all, "documents"] as const,
  group: (matiereId: number, niveau: string) => [...supportKeys.documents(), matiereId, niveau] as const,
};
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

export const subjectsQuery = queryOptions({
  queryKey: supportKeys.subjects(),
  queryFn: ({ signal }) => supportsApi.subjects(signal),
});

export const documentsQuery = (matiereId: number, niveau: string) =>
  queryOptions({
    queryKey: supportKeys.group(matiereId, niveau),
    queryFn: ({ signal }) => supportsApi.documents(matiereId, niveau, signal),
  });

/** The subjects and their levels, with how many documents each has; `enabled` false for a role that may not read them. */
export const useSubjects = (enabled: boolean) => useQuery({ ...subjectsQuery, enabled });
/** The documents of one subject and level, in the students' order. */
export const useSupportDocuments = (matiereId: number, niveau: string, enabled: boolean) =>
  useQuery({ ...documentsQuery(matiereId, niveau), enabled });

/** Saves a document's fields; the subjects' counts and the documents are then read again. */
export const useUpdateSupport = () =>
  useStaffMutation(
    ({ id, body }: { id: number; body: CourseDocumentUpdateRequest }) => supportsApi.update(id, body),
    supportKeys.all,
  );
/** Withdraws a document (to the bin); the counts and the documents are read again. */
export const useWithdrawSupport = () => useStaffMutation(supportsApi.withdraw, supportKeys.all);
/** Moves documents: only the documents are read again (the counts did not change). */
export const useReorderSupports = () => useStaffMutation(supportsApi.reorder, supportKeys.documents());
/** After PDFs were uploaded (the upload queue sends them itself): the counts and the documents are read again. */
export const useRefreshAfterSupportUpload = () => useInvalidate(supportKeys.all);
