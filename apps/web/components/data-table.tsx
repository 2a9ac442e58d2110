import type { Page } from "@puerta/contract";
import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ChevronDown, ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type ListState, PAGE_SIZES } from "../lib/list-params.ts";
import { staffErrorMessage } from "../lib/staff-api.ts";

/**
 * The table every back-office list uses (docs/spec/back-office.md section 3): a search box, filters, sort and
 * server-side pagination, all in the address (lib/list-params.ts), a loading skeleton and an
 * empty state. Sorting and paging are the server's: the table only shows the page it got.
 */
export const listFeatures = tableFeatures({ rowSortingFeature });
// biome-ignore lint/suspicious/noExplicitAny: each column has its own value type, as in TanStack's `columns()`
export type ListColumn<Row extends RowData> = ColumnDef<typeof listFeatures, Row, any>;
/** The column helper of a list's rows: `columnsOf<Row>().accessor("name", { header: "Nom" })`. */
export const columnsOf = <Row extends RowData>() => createColumnHelper<typeof listFeatures, Row>();

export type ListFilter = {
  name: string;
  label: string;
} & ({ type?: "select"; options: readonly { value: string; label: string }[]; allLabel?: string } | { type: "date" });

type ListResult<Row extends RowData> = {
  data: Page<Row> | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};

type Props<Row extends RowData> = {
  /** Names the table for screen readers (its caption). */
  caption: string;
  columns: readonly ListColumn<Row>[];
  list: ListState;
  result: ListResult<Row>;
  searchLabel: string;
  searchPlaceholder?: string;
  filters?: readonly ListFilter[];
  empty: { title: string; message: string };
  getRowId?: (row: Row) => string;
};

const SEARCH_DELAY_MS = 300;

/**
 * The row's own action column (`id: "actions"`, e.g. "Gérer") stays pinned to the right edge: on a
 * phone the rest of the row scrolls under it, so the action is always in view.
 */
const ACTIONS_COLUMN = "actions";
const pinned = (columnId: string, background: string) =>
  columnId === ACTIONS_COLUMN ? `sticky right-0 z-10 ${background} shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]` : "";
const SKELETON_ROWS = 6;

function toSorting(sort: string): SortingState {
  if (!sort) return [];
  return [{ id: sort.replace(/^-/, ""), desc: sort.startsWith("-") }];
}

function fromSorting(sorting: SortingState): string {
  const first = sorting[0];
  return first ? `${first.desc ? "-" : ""}${first.id}` : "";
}

export function DataTable<Row extends RowData>({
  caption,
  columns,
  list,
  result,
  searchLabel,
  searchPlaceholder,
  filters = [],
  empty,
  getRowId,
}: Props<Row>) {
  const { params, change } = list;
  const sorting = toSorting(params.sort);
  const rows = result.data?.data ?? [];
  const table = useTable({
    features: listFeatures,
    columns: [...columns],
    data: rows,
    getRowId: getRowId ? (row) => getRowId(row) : undefined,
    state: { sorting },
    manualSorting: true,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      change({ sort: fromSorting(next) });
    },
  });

  const captionId = useId();
  const total = result.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.perPage));
  const firstRow = total === 0 ? 0 : (params.page - 1) * params.perPage + 1;
  const lastRow = Math.min(total, params.page * params.perPage);
  const columnCount = table.getAllLeafColumns().length;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
        <SearchBox
          label={searchLabel}
          placeholder={searchPlaceholder}
          value={params.q}
          onSearch={(q) => change({ q })}
        />
        {filters.map((filter) => (
          <FilterControl
            key={filter.name}
            filter={filter}
            value={params.filters[filter.name] ?? ""}
            onChange={(value) => change({ filters: { [filter.name]: value } })}
          />
        ))}
      </div>

      {result.isError ? (
        <div role="alert" className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-brand-800">
          <p className="font-semibold">{staffErrorMessage(result.error)}</p>
          <button
            type="button"
            onClick={() => result.refetch()}
            className="mt-2 font-semibold underline underline-offset-4"
          >
            Réessayer
          </button>
        </div>
      ) : (
        <section
          aria-labelledby={captionId}
          // A wide table scrolls on a phone; the region takes the keyboard's focus to scroll.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white focus-visible:outline-3"
        >
          <table
            aria-busy={result.isPending || result.isFetching ? true : undefined}
            className={`w-full border-collapse text-left text-sm ${result.isFetching && !result.isPending ? "opacity-60" : ""}`}
          >
            <caption id={captionId} className="sr-only">
              {caption}
            </caption>
            <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          canSort
                            ? sorted === "asc"
                              ? "ascending"
                              : sorted === "desc"
                                ? "descending"
                                : "none"
                            : undefined
                        }
                        data-column={header.column.id}
                        className={`px-3 py-3 align-bottom ${pinned(header.column.id, "bg-gray-50")}`}
                      >
                        {canSort ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className="inline-flex items-center gap-1 text-left uppercase hover:text-ink"
                          >
                            <table.FlexRender header={header} />
                            <ChevronDown
                              aria-hidden="true"
                              className={`size-4 transition ${sorted ? "text-brand-600" : "text-gray-400"} ${sorted === "asc" ? "rotate-180" : ""}`}
                            />
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-gray-100">
              {result.isPending
                ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                    <tr key={index} data-testid="ligne-squelette">
                      {Array.from({ length: columnCount }, (_, cell) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: as above
                        <td key={cell} className="px-3 py-3">
                          <span className="block h-4 w-full max-w-40 animate-pulse rounded bg-gray-200 motion-reduce:animate-none" />
                        </td>
                      ))}
                    </tr>
                  ))
                : table.getRowModel().rows.map((row) => (
                    <tr key={row.id} className="group hover:bg-gray-50">
                      {row.getAllCells().map((cell) => (
                        <td
                          key={cell.id}
                          data-column={cell.column.id}
                          className={`px-3 py-3 align-top ${pinned(cell.column.id, "bg-white group-hover:bg-gray-50")}`}
                        >
                          <table.FlexRender cell={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
          {result.isPending && (
            <p role="status" className="sr-only">
              Chargement de la liste…
            </p>
          )}
          {!result.isPending && rows.length === 0 && (
            <div className="px-6 py-10 text-center">
              <p className="text-base font-bold text-ink">{list.narrowed ? "Aucun résultat" : empty.title}</p>
              <p className="mt-1 text-gray-700">
                {list.narrowed ? "Aucune ligne ne correspond à la recherche ou aux filtres." : empty.message}
              </p>
            </div>
          )}
        </section>
      )}

      <nav
        aria-label="Pagination"
        className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p aria-live="polite" className="text-gray-700">
          {result.data ? `Lignes ${firstRow}–${lastRow} sur ${total}` : "\u00a0"}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <PageSize value={params.perPage} onChange={(perPage) => change({ perPage })} />
          <span className="text-gray-700">
            Page {Math.min(params.page, pageCount)} sur {pageCount}
          </span>
          <div className="flex gap-1">
            <button
              type="button"
              disabled={params.page <= 1}
              onClick={() => change({ page: params.page - 1 })}
              className={pagerButtonClass}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              Précédente
            </button>
            <button
              type="button"
              disabled={params.page >= pageCount}
              onClick={() => change({ page: params.page + 1 })}
              className={pagerButtonClass}
            >
              Suivante
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
        </div>
      </nav>
    </div>
  );
}

const pagerButtonClass =
  "inline-flex items-center gap-1 rounded-lg border border-gray-300 bg-white px-3 py-2 font-semibold text-ink hover:bg-gray-50 disabled:cursor-not-allowed disabled:text-gray-500 disabled:hover:bg-white";

export const controlClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-4 focus:ring-brand-100";

function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // The address changed (back button, a shared link): the box shows it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <form
      className="md:w-72"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        className={controlClass}
      />
    </form>
  );
}

function FilterControl({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter;
  value: string;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="md:w-48">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {filter.label}
      </label>
      {filter.type === "date" ? (
        <input
          id={id}
          type="date"
          value={value}
          onChange={(event) => onChange(event.target.value || undefined)}
          className={controlClass}
        />
      ) : (
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value || undefined)}
          className={controlClass}
        >
          <option value="">{filter.allLabel ?? "Tous"}</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function PageSize({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId();
  const sizes: number[] = PAGE_SIZES.includes(value as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, value].sort((a, b) => a - b);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-gray-700">
        Lignes par page
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm"
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A cell's secondary text, e.g. the e-mail under a name. */
export function CellNote({ children }: { children: ReactNode }) {
  // An e-mail address has no place to break: it may break anywhere rather than widen the table.
  return <span className="block text-xs text-gray-600 wrap-anywhere">{children}</span>;
}
