import type { AuditEntry, Page, StaffAccount } from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** The keys of this screen's queries; every one starts with `all`. The journal is read-only. */
export const journalKeys = {
  all: [STAFF_QUERY_KEY, "journal"] as const,
  list: (params: ListParams) => [...journalKeys.all, "list", params] as const,
  entry: (id: string) => [...journalKeys.all, "entree", id] as const,
  people: () => [...journalKeys.all, "personnes"] as const,
};

export const journalApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<AuditEntry>>(`/api/gestion/journal${queryString(listApiParams(params))}`, { signal }),
  entry: (id: string, signal?: AbortSignal) =>
    staffJson<AuditEntry>(`/api/gestion/journal/${encodeURIComponent(id)}`, { signal }),
  /** The people to filter by: the staff accounts (the direction reads them all). */
  people: (signal?: AbortSignal) =>
    staffJson<Page<StaffAccount>>("/api/gestion/comptes?per_page=200&sort=name", { signal }),
};

export const journalListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: journalKeys.list(params),
    queryFn: ({ signal }) => journalApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const journalEntryQuery = (id: string) =>
  queryOptions({
    queryKey: journalKeys.entry(id),
    queryFn: ({ signal }) => journalApi.entry(id, signal),
  });

export const journalPeopleQuery = queryOptions({
  queryKey: journalKeys.people(),
  queryFn: ({ signal }) => journalApi.people(signal),
  staleTime: 60_000,
});

/** One page of the audit log; `enabled` is false for a role that may not read it. */
export const useJournal = (params: ListParams, enabled: boolean) => useQuery({ ...journalListQuery(params), enabled });
export const useJournalEntry = (id: string, enabled: boolean) => useQuery({ ...journalEntryQuery(id), enabled });
export const useJournalPeople = (enabled: boolean) => useQuery({ ...journalPeopleQuery, enabled });
