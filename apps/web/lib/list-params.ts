import { STAFF_LIMITS } from "@puerta/contract";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** The page sizes a list offers; 50 is the default of docs/spec/back-office.md section 3. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;

/**
 * What a back-office list shows, read from the address (docs/spec/back-office.md section 3: every filter, sort and
 * page is in the URL, so a screen can be shared and reloaded). `sort` is the API's form:
 * `name`, or `-name` for descending.
 */
export type ListParams = {
  q: string;
  sort: string;
  page: number;
  perPage: number;
  filters: Record<string, string>;
};

export type ListChange = Partial<Omit<ListParams, "filters">> & { filters?: Record<string, string | undefined> };

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!value || !/^\d+$/.test(value)) return fallback;
  const number = Number(value);
  return number >= 1 && number <= max ? number : fallback;
}

export function readListParams(search: URLSearchParams, filterNames: readonly string[], defaultSort = ""): ListParams {
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = search.get(name);
    if (value) filters[name] = value;
  }
  return {
    q: search.get("q") ?? "",
    sort: search.get("sort") ?? defaultSort,
    page: positiveInt(search.get("page"), 1),
    perPage: positiveInt(search.get("per_page"), STAFF_LIMITS.perPageDefault, STAFF_LIMITS.perPageMax),
    filters,
  };
}

/**
 * The address after a change. Any change but the page's own goes back to page 1 (the old page
 * may not exist in the new result); defaults are left out of the address.
 */
export function applyListChange(search: URLSearchParams, change: ListChange, defaultSort = ""): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (name: string, value: string | undefined, fallback = "") => {
    if (value === undefined || value === "" || value === fallback) next.delete(name);
    else next.set(name, value);
  };
  if (change.q !== undefined) set("q", change.q.trim());
  if (change.sort !== undefined) set("sort", change.sort, defaultSort);
  if (change.perPage !== undefined) set("per_page", String(change.perPage), String(STAFF_LIMITS.perPageDefault));
  for (const [name, value] of Object.entries(change.filters ?? {})) set(name, value);
  const onlyPage = Object.keys(change).every((key) => key === "page");
  if (change.page !== undefined && onlyPage) set("page", String(change.page), "1");
  else next.delete("page");
  return next;
}

/** The query string a list sends to the API: `q`, `sort`, `page`, `per_page` and the filters. */
export function listApiParams(params: ListParams): Record<string, string | number> {
  return {
    ...params.filters,
    ...(params.q ? { q: params.q } : {}),
    ...(params.sort ? { sort: params.sort } : {}),
    page: params.page,
    per_page: params.perPage,
  };
}

export type ListState = {
  params: ListParams;
  change: (change: ListChange) => void;
  /** True when a search or a filter narrows the list (its empty state then says so). */
  narrowed: boolean;
};

/** A list's state in the address, and the way to change it. */
export function useListParams(filterNames: readonly string[], defaultSort = ""): ListState {
  const [search, setSearch] = useSearchParams();
  // The names are a constant of each screen; their text keys the memo.
  const key = filterNames.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `filterNames`
  const params = useMemo(() => readListParams(search, filterNames, defaultSort), [search, key, defaultSort]);
  const change = useCallback(
    (listChange: ListChange) =>
      // Typing in the search box replaces the entry; a page, a sort or a filter is a step back.
      setSearch((current) => applyListChange(current, listChange, defaultSort), {
        replace: Object.keys(listChange).length === 1 && listChange.q !== undefined,
        preventScrollReset: true,
      }),
    [setSearch, defaultSort],
  );
  const narrowed = params.q !== "" || Object.keys(params.filters).length > 0;
  return { params, change, narrowed };
}
