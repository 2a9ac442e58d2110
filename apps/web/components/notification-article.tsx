import {
  ACADEMY_TIME_ZONE,
  type Notification,
  priorityBadge,
  safeExternalLink,
  NOTIFICATION_TEXT as T,
} from "@puerta/contract";
import { Clock, User } from "lucide-react";
import { LinkifiedText } from "./linkified-text.tsx";
import { NotificationStatusIcon } from "./notification-status.tsx";
import { RelativeTime } from "./relative-time.tsx";

const PRIORITY_CLASSES = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-900",
  normal: "bg-gray-100 text-gray-800",
} as const;

// In the academy's time, on the server that renders the page as in the student's browser.
const fullDate = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: ACADEMY_TIME_ZONE,
});

type ArticleNotification = Pick<
  Notification,
  "titre" | "message" | "created_at" | "statut" | "sender" | "priority" | "photo" | "link"
>;

/**
 * A notification's page as the student reads it (docs/spec/student-portal.md sections 2 and 4): the student detail page
 * and the back-office's preview both draw it. `photoUrl` is the photo once loaded (or chosen).
 */
export function NotificationArticle({
  notification: data,
  photoUrl,
  headingLevel = 1,
}: {
  notification: ArticleNotification;
  photoUrl: string | null | undefined;
  headingLevel?: 1 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const priority = priorityBadge(data.priority);
  const link = safeExternalLink(data.link);
  return (
    <article className="mt-6 rounded-3xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <header>
        <div className="flex items-start gap-3">
          <NotificationStatusIcon statut={data.statut} />
          <Heading className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{data.titre}</Heading>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-700">
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            <RelativeTime date={data.created_at} />
          </span>
          <time dateTime={data.created_at} className="first-letter:uppercase">
            {fullDate.format(new Date(data.created_at))}
          </time>
          {data.sender && (
            <span className="inline-flex items-center gap-1.5">
              <User aria-hidden="true" className="size-4" />
              De: {data.sender}
            </span>
          )}
          <span className={`rounded-full px-3 py-1 text-xs font-bold ${PRIORITY_CLASSES[priority.level]}`}>
            {priority.label}
          </span>
        </div>
      </header>
      {data.photo && photoUrl && (
        <img
          src={photoUrl}
          alt={`Illustration : ${data.titre}`}
          width={1200}
          height={675}
          className="mt-6 h-auto w-full rounded-2xl object-cover"
        />
      )}
      {/* Plain text only: the message is never interpreted as HTML; its addresses become links. */}
      <p className="mt-6 text-base leading-relaxed whitespace-pre-line break-words">
        <LinkifiedText text={data.message} />
      </p>
      {link && (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 inline-flex font-semibold text-brand-700 hover:underline"
        >
          {T.moreDetails}
          <span className="sr-only"> (nouvel onglet)</span>
        </a>
      )}
    </article>
  );
}
