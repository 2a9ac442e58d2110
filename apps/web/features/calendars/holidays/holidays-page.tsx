import {
  ALL_MONTHS,
  filterByMonth,
  HOLIDAY_CATEGORY_LABELS,
  type HolidayCategory,
  type MonthFilter as Month,
  monthLabel,
  CALENDAR_TEXTS as T,
} from "@puerta/contract";
import { Building2, CalendarOff, Flag, Globe2, type LucideIcon, MoonStar, PartyPopper, Percent } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { CalendarCard, CalendarGrid } from "../../../components/calendar-card.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorView } from "../../../components/error-view.tsx";
import { MonthFilter } from "../../../components/month-filter.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { SummaryBand } from "../../../components/summary-band.tsx";
import { brand } from "../../../content/brand.ts";
import { inTheBrowser, pageData } from "../../../lib/page-data.tsx";
import { CalendarSubscription } from "../calendar-subscription.tsx";
import { holidayStatsQuery, holidaysQuery, useHolidays } from "./api.ts";

/** The page's data, fetched by the server and in the HTML (decision 101). */
export const loader = () => pageData(holidaysQuery, holidayStatsQuery);

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `${T.holidaysTitle} | ${brand.academyName}` }];

/** Icon by category; the colour comes with the category too (docs/spec/student-portal.md section 3). */
const CATEGORY_ICONS: Record<HolidayCategory, LucideIcon> = {
  religieux: MoonStar,
  international: Globe2,
  national: Flag,
};

/** /jourOff-calendar (docs/spec/student-portal.md section 2): the public holidays of the school year. */
export default function HolidaysPage() {
  const [month, setMonth] = useState<Month>(ALL_MONTHS);
  const { holidays, stats, summary } = useHolidays();
  const shown = holidays.data ? filterByMonth(holidays.data, month) : [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{T.holidaysTitle}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to="/parascolaire-calendar"
            className="rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Voir le calendrier parascolaire
          </Link>
          <CalendarSubscription defaultType="holidays" />
        </div>
      </div>

      {summary && (
        <SummaryBand
          label="Résumé des jours fériés"
          items={[
            { label: T.holidayStats.total, value: summary.total, icon: PartyPopper },
            { label: T.holidayStats.closed, value: summary.centres_fermes, icon: Building2 },
            { label: T.holidayStats.everyone, value: `${summary.congé_tous} %`, icon: Percent },
          ]}
        />
      )}

      <MonthFilter
        label="Filtrer les jours fériés par mois"
        value={month}
        onChange={setMonth}
        disabled={holidays.isFetching}
      />

      {holidays.isPending ? (
        <Spinner label="Chargement des jours fériés..." />
      ) : holidays.isError ? (
        <ErrorView
          title={T.loadError}
          message={holidays.error.message}
          retrying={holidays.isFetching}
          onRetry={() => {
            void holidays.refetch();
            void stats.refetch();
          }}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={CalendarOff}
          title={T.noHolidays}
          message={month === ALL_MONTHS ? T.noHolidaysThisYear : T.noHolidaysInMonth(monthLabel(month))}
        />
      ) : (
        <CalendarGrid label="Jours fériés">
          {shown.map((holiday) => (
            <li key={holiday.id}>
              <CalendarCard
                icon={CATEGORY_ICONS[holiday.type]}
                color={holiday.color}
                title={holiday.title}
                // 'Date prévue' until the academy confirms a religious holiday (docs/spec/back-office.md section 5).
                date={holiday.date_status ? `${holiday.date} · ${holiday.date_status}` : holiday.date}
                rawDate={holiday.raw_date}
                description={holiday.description}
                location={holiday.location}
                participants={holiday.participants}
                typeLabel={HOLIDAY_CATEGORY_LABELS[holiday.type]}
              />
            </li>
          ))}
        </CalendarGrid>
      )}
    </div>
  );
}
