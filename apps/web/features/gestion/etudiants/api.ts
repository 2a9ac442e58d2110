import type {
  ErasurePreview,
  ErasureResponse,
  ImportConfirmResponse,
  ImportPreviewResponse,
  Page,
  StaffStudent,
  StudentBulkAction,
  StudentBulkRequest,
  StudentBulkResponse,
  StudentCreateRequest,
  StudentDetail,
  StudentLeavingRequest,
  StudentName,
  StudentPreview,
  StudentPromotionsResponse,
  StudentReferenceData,
  StudentSelectionAction,
  StudentUpdateRequest,
} from "@puerta/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { submissionKeyOf } from "../../../lib/submission-key.ts";
import { useStaffMutation, useStaffSubmission } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a write refreshes them all. */
export const studentKeys = {
  all: [STAFF_QUERY_KEY, "etudiants"] as const,
  list: (params: ListParams) => [...studentKeys.all, "list", params] as const,
  detail: (id: number) => [...studentKeys.all, "fiche", id] as const,
  reference: () => [...studentKeys.all, "referentiel"] as const,
  promotions: () => [...studentKeys.all, "promotions"] as const,
  erasure: (id: number) => [...studentKeys.all, "effacement", id] as const,
};

/** The actions of docs/spec/back-office.md section 4 that take no body. */
export type StudentAction = "invitation" | "reinitialisation" | "desactiver" | "reactiver";

/** The list's filters, as the URL and the API name them (`promotion` is a year's label, `2026-2027`). */
export const STUDENT_FILTERS = [
  "centre_id",
  "option_id",
  "filiere_id",
  "statut",
  "politique",
  "promotion",
  "statut_scolaire",
] as const;

/** Each bulk action's body: the selection, and for `ancien_eleve` why and when the students left. */
export type StudentBulkBodies = { [A in StudentSelectionAction]: StudentBulkRequest } & {
  ancien_eleve: StudentLeavingRequest;
};
/** One bulk action with its body, as the mutation takes it. */
export type StudentBulkCall = {
  [A in StudentBulkAction]: { action: A; body: StudentBulkBodies[A] };
}[StudentBulkAction];

/** The list as the direction and the secretariat get it; the pedagogie's rows have names and centre only. */
export type StudentRow = StaffStudent | StudentName;
export const isFull = (row: StudentRow): row is StaffStudent => "email" in row;

export const studentsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<StudentRow>>(`/api/gestion/etudiants${queryString(listApiParams(params))}`, { signal }),
  /** Law 09-08's access export (art. 7): the ZIP of every row held about the student, a plain download. */
  dataExportUrl: (id: number) => `/api/gestion/etudiants/${id}/donnees`,
  /** The same filters as the list, for the export links; `ids` narrows it to the rows picked. */
  exportUrl: (params: ListParams, format: "csv" | "xlsx", ids?: readonly number[]) => {
    const { page: _page, per_page: _perPage, ...rest } = listApiParams(params);
    return `/api/gestion/etudiants/export.${format}${queryString({ ...rest, ...(ids ? { ids: ids.join(",") } : {}) })}`;
  },
  /** The list's filters as a bulk action names them ("every student the filters keep"). */
  bulkFilters: (params: ListParams): Omit<StudentBulkRequest, "ids" | "all"> => {
    const { page: _page, per_page: _perPage, sort: _sort, ...rest } = listApiParams(params);
    const filters: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined || value === "") continue;
      filters[key] = key.endsWith("_id") ? Number(value) : String(value);
    }
    return filters as Omit<StudentBulkRequest, "ids" | "all">;
  },
  bulk: ({ action, body }: StudentBulkCall) =>
    staffJson<StudentBulkResponse>(`/api/gestion/etudiants/actions/${action}`, { body }),
  detail: (id: number, signal?: AbortSignal) =>
    staffJson<StudentDetail>(`/api/gestion/etudiants/${id}/fiche`, { signal }),
  preview: (id: number) => staffJson<StudentPreview>(`/api/gestion/etudiants/${id}/apercu`),
  create: (body: StudentCreateRequest, idempotencyKey?: string) =>
    staffJson<StaffStudent>("/api/gestion/etudiants", { body, idempotencyKey }),
  update: (id: number, body: StudentUpdateRequest) =>
    staffJson<StaffStudent>(`/api/gestion/etudiants/${id}`, { method: "PATCH", body }),
  act: (id: number, action: StudentAction) =>
    staffJson<{ student: StaffStudent; message: string }>(`/api/gestion/etudiants/${id}/${action}`, {
      method: "POST",
    }),
  importPreview: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return staffJson<ImportPreviewResponse>("/api/gestion/etudiants/import/preview", { body: form });
  },
  /** What *Effacer les données* will do (direction only). */
  erasurePreview: (id: number, signal?: AbortSignal) =>
    staffJson<ErasurePreview>(`/api/gestion/etudiants/${id}/effacement`, { signal }),
  erase: (id: number, motif: string, idempotencyKey?: string) =>
    staffJson<ErasureResponse>(`/api/gestion/etudiants/${id}/effacement`, { body: { motif }, idempotencyKey }),
  importErrorsUrl: (importId: string) => `/api/gestion/etudiants/import/${importId}/erreurs.csv`,
  importTemplateUrl: (format: "csv" | "xlsx") => `/api/gestion/etudiants/import/modele.${format}`,
  importConfirm: (importId: string, sendInvitations: boolean, idempotencyKey?: string) =>
    staffJson<ImportConfirmResponse>(`/api/gestion/etudiants/import/${importId}/confirm`, {
      body: { send_invitations: sendInvitations },
      idempotencyKey,
    }),
};

/** Centres, options and filières for the filters and the form (any staff member who reads students). */
export const referenceQuery = queryOptions({
  queryKey: studentKeys.reference(),
  queryFn: ({ signal }) => staffJson<StudentReferenceData>("/api/gestion/etudiants/referentiel", { signal }),
  staleTime: 5 * 60_000,
});

/** The school years, newest first, for the *Promotion* filter. */
export const promotionsQuery = queryOptions({
  queryKey: studentKeys.promotions(),
  queryFn: ({ signal }) => staffJson<StudentPromotionsResponse>("/api/gestion/etudiants/promotions", { signal }),
  staleTime: 5 * 60_000,
});

export const studentListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: studentKeys.list(params),
    queryFn: ({ signal }) => studentsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const studentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: studentKeys.detail(id),
    queryFn: ({ signal }) => studentsApi.detail(id, signal),
    retry: false,
  });

/** One page of students; `enabled` is false for a role that may not read them. */
export const useStudents = (params: ListParams, enabled: boolean) => useQuery({ ...studentListQuery(params), enabled });
/** A student's fiche: data, requests, notifications, policy acceptances. */
export const useStudentDetail = (id: number, enabled: boolean) => useQuery({ ...studentDetailQuery(id), enabled });
export const useStudentReference = () => useQuery(referenceQuery);
export const useStudentPromotions = (enabled: boolean) => useQuery({ ...promotionsQuery, enabled });

/** Creates a student (and sends the invitation) once, however often the form is sent again; every student query is then read again (so after each write below). */
export const useCreateStudent = () =>
  useStaffSubmission((body: StudentCreateRequest, key) => studentsApi.create(body, key), studentKeys.all);
export const useUpdateStudent = () =>
  useStaffMutation(
    ({ id, body }: { id: number; body: StudentUpdateRequest }) => studentsApi.update(id, body),
    studentKeys.all,
  );
/** One action on one student (deactivate, resend the invitation…). */
export const useStudentAction = () =>
  useStaffMutation(
    ({ id, action }: { id: number; action: StudentAction }) => studentsApi.act(id, action),
    studentKeys.all,
  );
/** One action on the picked students, or on every student the filters keep. */
export const useStudentBulkAction = () =>
  useStaffMutation((call: StudentBulkCall) => studentsApi.bulk(call), studentKeys.all);
/** Reads an import file and answers its preview: nothing is written yet, so nothing is read again. */
export const useImportPreview = () => useMutation({ mutationFn: studentsApi.importPreview });
/** Applies a previewed import once: one key per preview, so a second click or a retry applies the file once. */
export const useConfirmImport = () =>
  useStaffMutation(
    ({ preview, invite }: { preview: ImportPreviewResponse; invite: boolean }) =>
      submissionKeyOf(preview).send((key) => studentsApi.importConfirm(preview.import_id, invite, key)),
    studentKeys.all,
  );
/** What erasing this student will do, read as the dialog opens. */
export const useErasurePreview = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: studentKeys.erasure(id),
    queryFn: ({ signal }) => studentsApi.erasurePreview(id, signal),
    enabled,
    retry: false,
  });
/** Erases the student's data once, however often the dialog is sent again (Idempotency-Key). */
export const useEraseStudent = () =>
  useStaffSubmission(
    ({ id, motif }: { id: number; motif: string }, key) => studentsApi.erase(id, motif, key),
    studentKeys.all,
  );
