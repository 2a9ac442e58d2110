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
import type { SendFile } from "../../../components/file-upload.tsx";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { loadStaffSchemas } from "../../../lib/staff-schemas.ts";
import { fileSender } from "../shared/publishing.tsx";
import { useInvalidate, useStaffMutation, useStaffSubmission } from "../shared/queries.ts";

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
  republish: (id: number, idempotencyKey: string) =>
    staffJson<StaffEvent>(`/api/gestion/parascolaire/${id}/republier`, { method: "POST", idempotencyKey }),
  /** Sends an event's poster (its upload queue shows the progress); the answer is the event. */
  posterSender: (id: number): SendFile =>
    fileSender({ url: `/api/gestion/parascolaire/${id}/affiche`, fileField: "affiche" }),
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

/** Saves an event (a new one when `id` is absent); every events query is then read again (so after each events write below). */
export const useSaveEvent = () =>
  useStaffMutation(
    ({ id, body }: { id?: number; body: StaffEventCreateRequest }) =>
      id === undefined ? eventsApi.create(body) : eventsApi.update(id, body),
    eventKeys.all,
  );
export const useWithdrawEvent = () => useStaffMutation(eventsApi.withdraw, eventKeys.all);
/** "Republier": a closed year's event copied into the current year. */
export const useRepublishEvent = () => useStaffSubmission(eventsApi.republish, eventKeys.all);
export const useRemoveEventPoster = () => useStaffMutation(eventsApi.removePoster, eventKeys.all);
/** After a poster was uploaded (the upload queue sends it itself). */
export const useRefreshAfterPosterUpload = () => useInvalidate(eventKeys.all);

/** Saves a holiday or closure (a new one when `id` is absent); every holiday query is then read again (so after each holiday write below). */
export const useSaveHoliday = () =>
  useStaffMutation(
    (change: { id: number; body: StaffHolidayUpdateRequest } | { id?: undefined; body: StaffHolidayCreateRequest }) =>
      change.id === undefined ? holidaysApi.create(change.body) : holidaysApi.update(change.id, change.body),
    holidayKeys.all,
  );
/** Confirms a holiday's expected date. */
export const useConfirmHoliday = () => useStaffMutation(holidaysApi.confirm, holidayKeys.all);
export const useWithdrawHoliday = () => useStaffMutation(holidaysApi.withdraw, holidayKeys.all);
/** Adds the public holidays of a school year (those not there yet). */
export const useGenerateHolidays = () => useStaffMutation(holidaysApi.generate, holidayKeys.all);

/** "14:30 – 16:00", "14:30", or "" for an all-day event. */
export function hoursLabel(start: string | null, end: string | null): string {
  if (!start) return "";
  return end ? `${start} – ${end}` : start;
}
