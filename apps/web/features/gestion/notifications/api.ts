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
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** Every query about notifications starts with this key: a write refreshes them all. */
export const NOTIFICATIONS_KEY = [STAFF_QUERY_KEY, "notifications"] as const;

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
  removePhoto: (id: number) => staffJson<NotificationStaff>(`${base}/${id}/photo`, { method: "DELETE" }),
  withdraw: (id: number) => staffJson<NotificationStaff>(`${base}/${id}`, { method: "DELETE" }),
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
