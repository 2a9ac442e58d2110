import type {
  AudienceChoices,
  AudienceCountResponse,
  AudienceStudent,
  NotificationAudienceInput,
  NotificationReadsPage,
  NotificationStaff,
  NotificationStaffCreateRequest,
  NotificationStaffUpdateRequest,
  Page,
} from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SendFile } from "../../../components/file-upload.tsx";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useSubmissionKey } from "../../../lib/submission-key.ts";
import { fileSender } from "../shared/publishing.tsx";
import { useStaffMutation, useStaffSubmission } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a write refreshes them all. */
export const notificationKeys = {
  all: [STAFF_QUERY_KEY, "notifications"] as const,
  list: (params: ListParams) => [...notificationKeys.all, "list", params] as const,
  detail: (id: number) => [...notificationKeys.all, "detail", id] as const,
  reads: (id: number, params: ListParams) => [...notificationKeys.all, "lectures", id, params] as const,
  choices: () => [...notificationKeys.all, "choix"] as const,
  audienceCount: (audience: NotificationAudienceInput) => [...notificationKeys.all, "destinataires", audience] as const,
  studentSearch: (q: string) => [...notificationKeys.all, "etudiants", q] as const,
  studentsById: (ids: readonly number[]) => [...notificationKeys.all, "etudiants", "ids", ids] as const,
};

const base = "/api/gestion/notifications";

export const notificationsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<NotificationStaff>>(`${base}${queryString(listApiParams(params))}`, { signal }),
  exportUrl: (params: ListParams) => {
    const { page: _page, per_page: _perPage, ...filters } = listApiParams(params);
    return `${base}/export.csv${queryString(filters)}`;
  },
  get: (id: number, signal?: AbortSignal) => staffJson<NotificationStaff>(`${base}/${id}`, { signal }),
  create: (body: NotificationStaffCreateRequest, idempotencyKey?: string) =>
    staffJson<NotificationStaff>(base, { body, idempotencyKey }),
  update: (id: number, body: NotificationStaffUpdateRequest) =>
    staffJson<NotificationStaff>(`${base}/${id}`, { method: "PATCH", body }),
  /** Sends a notification's photo (its upload queue shows the progress). */
  photoSender: (id: number): SendFile => fileSender({ url: `${base}/${id}/photo`, fileField: "photo" }),
  removePhoto: (id: number) => staffJson<NotificationStaff>(`${base}/${id}/photo`, { method: "DELETE" }),
  withdraw: (id: number) => staffJson<NotificationStaff>(`${base}/${id}`, { method: "DELETE" }),
  republish: (id: number, idempotencyKey: string) =>
    staffJson<NotificationStaff>(`${base}/${id}/republier`, { method: "POST", idempotencyKey }),
  count: (audience: NotificationAudienceInput, signal?: AbortSignal) =>
    staffJson<AudienceCountResponse>(`${base}/destinataires`, { body: { audience }, signal }),
  choices: (signal?: AbortSignal) => staffJson<AudienceChoices>(`${base}/choix`, { signal }),
  students: (query: { q?: string; ids?: string }, signal?: AbortSignal) =>
    staffJson<{ data: AudienceStudent[] }>(`${base}/etudiants${queryString(query)}`, { signal }),
  reads: (id: number, params: ListParams, signal?: AbortSignal) =>
    staffJson<NotificationReadsPage>(`${base}/${id}/lectures${queryString(listApiParams(params))}`, { signal }),
  readsExportUrl: (id: number, params: ListParams) => {
    const { page: _page, per_page: _perPage, ...filters } = listApiParams(params);
    return `${base}/${id}/lectures/export.csv${queryString(filters)}`;
  },
};

export const notificationListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => notificationsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const notificationQuery = (id: number) =>
  queryOptions({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) => notificationsApi.get(id, signal),
  });

export const notificationReadsQuery = (id: number, params: ListParams) =>
  queryOptions({
    queryKey: notificationKeys.reads(id, params),
    queryFn: ({ signal }) => notificationsApi.reads(id, params, signal),
    placeholderData: keepPreviousData,
  });

/** The centres, options, filières… an audience may name. */
export const audienceChoicesQuery = queryOptions({
  queryKey: notificationKeys.choices(),
  queryFn: ({ signal }) => notificationsApi.choices(signal),
  staleTime: 5 * 60_000,
});

/** How many students an audience reaches. */
export const audienceCountQuery = (audience: NotificationAudienceInput) =>
  queryOptions({
    queryKey: notificationKeys.audienceCount(audience),
    queryFn: ({ signal }) => notificationsApi.count(audience, signal),
    staleTime: 30_000,
  });

export const audienceStudentSearchQuery = (q: string) =>
  queryOptions({
    queryKey: notificationKeys.studentSearch(q),
    queryFn: ({ signal }) => notificationsApi.students({ q }, signal),
  });

export const audienceStudentsByIdQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: notificationKeys.studentsById(ids),
    queryFn: ({ signal }) => notificationsApi.students({ ids: ids.join(",") }, signal),
  });

/** One page of notifications; `enabled` is false for a role that may not read them. */
export const useStaffNotifications = (params: ListParams, enabled: boolean) =>
  useQuery({ ...notificationListQuery(params), enabled });
export const useStaffNotification = (id: number, enabled: boolean) => useQuery({ ...notificationQuery(id), enabled });
/** Who has read the notification, and who has not (one page). */
export const useNotificationReads = (id: number, params: ListParams, enabled: boolean) =>
  useQuery({ ...notificationReadsQuery(id, params), enabled });

/** What the compose form saves: the notification, then its photo. */
export type NotificationSave = {
  /** The notification already saved (edited, or created by an earlier try whose photo failed); none for a new one. */
  savedId: number | null;
  body: NotificationStaffCreateRequest | NotificationStaffUpdateRequest;
  /** Remove the photo it had. */
  dropPhoto: boolean;
  /** Told as soon as the notification is saved, before its photo is. */
  onSaved: (saved: NotificationStaff) => void;
  /** Sends the chosen photo (the form's upload queue, with its progress); true when it failed. */
  sendPhoto: (id: number) => Promise<boolean>;
};

/**
 * Saves a notification from the compose form: updates it, or creates it once however often the
 * form is sent again (the key lives with the form), then removes or sends its photo; every
 * notification query is then read again.
 */
export function useSaveNotification() {
  const creation = useSubmissionKey();
  return useStaffMutation(async ({ savedId, body, dropPhoto, onSaved, sendPhoto }: NotificationSave) => {
    let saved = savedId
      ? await notificationsApi.update(savedId, body)
      : await creation.send((key) => notificationsApi.create(body as NotificationStaffCreateRequest, key));
    onSaved(saved);
    if (dropPhoto && saved.photo) saved = await notificationsApi.removePhoto(saved.id);
    const photoFailed = await sendPhoto(saved.id);
    return { saved, photoFailed };
  }, notificationKeys.all);
}

/** "Republier": a closed year's notification copied into the current year, as a draft. */
export const useRepublishNotification = () => useStaffSubmission(notificationsApi.republish, notificationKeys.all);

/** Withdraws a notification (to the bin); every notification query is read again. */
export const useWithdrawNotification = () => useStaffMutation(notificationsApi.withdraw, notificationKeys.all);
