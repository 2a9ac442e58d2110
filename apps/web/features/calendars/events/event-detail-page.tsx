import { type CalendarEvent, EVENT_TYPE_LABELS, formatFrenchDate, CALENDAR_TEXTS as T } from "@puerta/contract";
import { ArrowLeft, CalendarDays, CalendarSearch, Clock, ImageOff, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link, type LoaderFunctionArgs, useLocation, useParams } from "react-router";
import { COLOR_CLASSES } from "../../../components/calendar-card.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorView } from "../../../components/error-view.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { brand } from "../../../content/brand.ts";
import { inTheBrowser, pageData } from "../../../lib/page-data.tsx";
import { useAuthorisedImage } from "../../../lib/use-authorised-image.ts";
import { EventNotFound, eventIdOf, eventQuery, useEvent } from "./api.ts";
import { EVENT_TYPE_ICONS } from "./event-types.ts";

/** The event, fetched by the server and in the HTML (decision 101). */
export function loader({ params }: LoaderFunctionArgs) {
  const id = eventIdOf(params.id);
  return id === null ? pageData() : pageData(eventQuery(id));
}

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `Événement | ${brand.academyName}` }];

/**
 * /parascolaire/{id} (docs/spec/student-portal.md section 2). The calendar passes the event in navigation state;
 * opened directly (reload, shared link) the page loads it from the API.
 */
export default function EventDetailPage() {
  const { id: rawId } = useParams();
  const id = eventIdOf(rawId);
  const state = useLocation().state as { event?: CalendarEvent } | null;
  const query = useEvent(id, state?.event);
  const notFound = id === null || query.error instanceof EventNotFound;

  let content: ReactNode;
  if (notFound) {
    content = (
      <>
        <EmptyState headingLevel={1} icon={CalendarSearch} title={T.eventNotFound} message={T.eventNotFoundMessage} />
        <div className="mt-6 text-center">
          <Link
            to="/parascolaire-calendar"
            className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {T.backToEvents}
          </Link>
        </div>
      </>
    );
  } else if (query.isPending) {
    content = <Spinner label="Chargement de l'événement..." />;
  } else if (query.isError) {
    content = (
      <ErrorView
        title={T.loadError}
        message={query.error.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    content = <EventDetail event={query.data} />;
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      {!notFound && (
        <Link
          to="/parascolaire-calendar"
          className="mb-6 inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {T.backToEvents}
        </Link>
      )}
      {content}
    </div>
  );
}

function EventDetail({ event }: { event: CalendarEvent }) {
  const Icon = EVENT_TYPE_ICONS[event.type];
  const colors = COLOR_CLASSES[event.color];
  const poster = useAuthorisedImage(event.affiche);
  const { jour_evenement, is_future } = event.originalData;

  return (
    <article className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      {/* Grey only behind a missing poster: a text column taller than the poster leaves white below it. */}
      <div>
        {poster ? (
          <img
            src={poster}
            alt={`Affiche : ${event.title}`}
            width={480}
            height={640}
            className="aspect-[3/4] h-auto w-full object-cover"
          />
        ) : (
          <div className="grid aspect-[3/4] w-full place-items-center bg-gray-100 text-gray-600">
            {poster === null || !event.affiche ? (
              <span className="flex flex-col items-center gap-2 text-sm">
                <ImageOff aria-hidden="true" className="size-8" />
                Affiche indisponible
              </span>
            ) : (
              <span className="sr-only">Chargement de l'affiche...</span>
            )}
          </div>
        )}
      </div>
      <div className="p-6 sm:p-8">
        <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold ${colors.badge}`}>
          <Icon aria-hidden="true" className="size-4" />
          {EVENT_TYPE_LABELS[event.type]}
        </span>
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{event.title}</h1>
        <dl className="mt-5 space-y-3 text-gray-800">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays aria-hidden="true" className="size-5 text-gray-600" />
              <span className="sr-only">Date</span>
            </dt>
            <dd>
              <time dateTime={jour_evenement}>{event.date}</time>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Clock aria-hidden="true" className="size-5 text-gray-600" />
              <span className="sr-only">Horaire</span>
            </dt>
            <dd>{event.hours}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <MapPin aria-hidden="true" className="size-5 text-gray-600" />
              <span className="sr-only">Lieu</span>
            </dt>
            <dd>{event.location}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Users aria-hidden="true" className="size-5 text-gray-600" />
              <span className="sr-only">Participants</span>
            </dt>
            <dd>{event.participants}</dd>
          </div>
        </dl>
        <p className="mt-5 whitespace-pre-line break-words text-gray-800">{event.description}</p>
        <div className="mt-6 rounded-xl bg-gray-50 p-4">
          <p className="flex items-center gap-2 font-semibold text-ink">
            <CalendarDays aria-hidden="true" className="size-5 text-gray-600" />
            <span className="first-letter:uppercase">{formatFrenchDate(jour_evenement, { weekday: true })}</span>
          </p>
          <p
            className={`mt-2 inline-block rounded-full px-3 py-1 text-sm font-bold ${
              is_future ? "bg-green-100 text-green-900" : "bg-gray-200 text-gray-800"
            }`}
          >
            {is_future ? T.upcoming : T.past}
          </p>
        </div>
      </div>
    </article>
  );
}
