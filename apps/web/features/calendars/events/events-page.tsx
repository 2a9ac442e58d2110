import {
  ALL_MONTHS,
  EVENT_TYPE_LABELS,
  filterByMonth,
  type MonthFilter as Month,
  CALENDAR_TEXTS as T,
} from "@puerta/contract";
import { CalendarCheck, CalendarClock, CalendarX2, History } from "lucide-react";
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
import { eventStatsQuery, eventsQuery, useEvents } from "./api.ts";
import { EVENT_TYPE_ICONS } from "./event-types.ts";

/** The page's data, fetched by the server and in the HTML (decision 101). */
export const loader = () => pageData(eventsQuery, eventStatsQuery);

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `${T.eventsTitle} | ${brand.academyName}` }];

/** /parascolaire-calendar (docs/spec/student-portal.md section 2): the school year's extracurricular events. */
export default function EventsPage() {
  const [month, setMonth] = useState<Month>(ALL_MONTHS);
  const { events, stats } = useEvents();
  const shown = events.data ? filterByMonth(events.data, month) : [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{T.eventsTitle}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to="/jourOff-calendar"
            className="rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Voir les jours fériés
          </Link>
          <CalendarSubscription defaultType="events" />
        </div>
      </div>

      {stats.data && (
        <SummaryBand
          label="Résumé des événements"
          items={[
            { label: T.eventStats.total, value: stats.data.total_events, icon: CalendarCheck },
            { label: T.eventStats.future, value: stats.data.future_events, icon: CalendarClock },
            { label: T.eventStats.past, value: stats.data.past_events, icon: History },
          ]}
        />
      )}

      <MonthFilter
        label="Filtrer les événements par mois"
        value={month}
        onChange={setMonth}
        disabled={events.isFetching}
      />

      {events.isPending ? (
        <Spinner label="Chargement des événements..." />
      ) : events.isError ? (
        <ErrorView
          title={T.loadError}
          message={events.error.message}
          retrying={events.isFetching}
          onRetry={() => {
            void events.refetch();
            void stats.refetch();
          }}
        />
      ) : shown.length === 0 ? (
        <EmptyState icon={CalendarX2} title={T.noEvents} message={T.noEventsDetail} />
      ) : (
        <CalendarGrid label="Événements">
          {shown.map((event) => (
            <li key={event.id}>
              <CalendarCard
                icon={EVENT_TYPE_ICONS[event.type]}
                color={event.color}
                title={event.title}
                date={event.date}
                rawDate={event.raw_date}
                hours={event.hours}
                description={event.description}
                location={event.location}
                participants={event.participants}
                typeLabel={EVENT_TYPE_LABELS[event.type]}
                renderTitle={(title) => (
                  <Link
                    to={`/parascolaire/${event.id}`}
                    state={{ event }}
                    className="rounded after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700"
                  >
                    {title}
                  </Link>
                )}
              />
            </li>
          ))}
        </CalendarGrid>
      )}
    </div>
  );
}
