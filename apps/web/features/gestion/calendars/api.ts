import type {
  Page,
  StaffEvent,
  StaffEventCreateRequest,
  StaffEventUpdateRequest,
  StaffHoliday,
  StaffHolidayCreateRequest,
  StaffHolidayUpdateRequest,
} from "@puerta/contract";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { loadStaffSchemas } from "../../../lib/schemas.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** Every query about events, or about holidays, starts with its key: a write refreshes them all. */
export const EVENTS_KEY = [STAFF_QUERY_KEY, "parascolaire"] as const;
export const HOLIDAYS_KEY = [STAFF_QUERY_KEY, "jours-feries"] as const;

/**
 * The calendars' form schemas: a file of their own in the contract, fetched with the staff
 * schemas (which set zod's settings first, lib/schemas.ts) when a form is sent.
 */
export const loadCalendarSchemas = () =>
  loadStaffSchemas().then(() => import("@puerta/contract/calendars-staff-schemas"));

export const eventsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<StaffEvent>>(`/api/gestion/parascolaire${queryString(listApiParams(params))}`, { signal }),
  create: (body: StaffEventCreateRequest) => staffJson<StaffEvent>("/api/gestion/parascolaire", { body }),
  update: (id: number, body: StaffEventUpdateRequest) =>
    staffJson<StaffEvent>(`/api/gestion/parascolaire/${id}`, { method: "PATCH", body }),
  withdraw: (id: number) => staffJson<void>(`/api/gestion/parascolaire/${id}`, { method: "DELETE" }),
  removePoster: (id: number) => staffJson<StaffEvent>(`/api/gestion/parascolaire/${id}/affiche`, { method: "DELETE" }),
};

export const holidaysApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<StaffHoliday>>(`/api/gestion/jours-feries${queryString(listApiParams(params))}`, { signal }),
  create: (body: StaffHolidayCreateRequest) => staffJson<StaffHoliday>("/api/gestion/jours-feries", { body }),
  update: (id: number, body: StaffHolidayUpdateRequest) =>
    staffJson<StaffHoliday>(`/api/gestion/jours-feries/${id}`, { method: "PATCH", body }),
  confirm: (id: number) => staffJson<StaffHoliday>(`/api/gestion/jours-feries/${id}/confirmer`, { method: "POST" }),
  withdraw: (id: number) => staffJson<void>(`/api/gestion/jours-feries/${id}`, { method: "DELETE" }),
  generate: (annee: number) =>
    staffJson<{ annee: number; created: number }>("/api/gestion/jours-feries/generer", { body: { annee } }),
};

/** "14:30 – 16:00", "14:30", or "" for an all-day event. */
export function hoursLabel(start: string | null, end: string | null): string {
  if (!start) return "";
  return end ? `${start} – ${end}` : start;
}
