import type {
  Page,
  StaffEvent,
  StaffEventCreateRequest,
  StaffEventUpdateRequest,
  StaffHoliday,
  StaffHolidayCreateRequest,
  StaffHolidayUpdateRequest,
} from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { loadStaffSchemas } from "../../../lib/schemas.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useInvalidate } from "../shared/queries.ts";

/** The keys of the events' queries, and of the holidays': each starts with its `all`, so a write refreshes them all. */
export const eventKeys = {
  all: [STAFF_QUERY_KEY, "parascolaire"] as const,
  list: (params: ListParams) => [...eventKeys.all, "list", params] as const,
};
export const holidayKeys = {
  all: [STAFF_QUERY_KEY, "jours-feries"] as const,
  list: (params: ListParams) => [...holidayKeys.all, "list", params] as const,
};

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

export const eventListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: ({ signal }) => eventsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const holidayListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: holidayKeys.list(params),
    queryFn: ({ signal }) => holidaysApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of events; `enabled` is false for a role that may not read them. */
export const useEvents = (params: ListParams, enabled: boolean) => useQuery({ ...eventListQuery(params), enabled });
export const useHolidays = (params: ListParams, enabled: boolean) => useQuery({ ...holidayListQuery(params), enabled });

/** After a write: every events query is read again. */
export const useRefreshEvents = () => useInvalidate(eventKeys.all);
export const useRefreshHolidays = () => useInvalidate(holidayKeys.all);

/** "14:30 – 16:00", "14:30", or "" for an all-day event. */
export function hoursLabel(start: string | null, end: string | null): string {
  if (!start) return "";
  return end ? `${start} – ${end}` : start;
}
