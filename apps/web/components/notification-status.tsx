import { CircleCheck, TriangleAlert } from "lucide-react";

/** Success for envoye, warning for echec (docs/spec/student-portal.md section 2); other statuses show nothing. */
export function NotificationStatusIcon({ statut }: { statut: string }) {
  if (statut === "envoye") {
    return (
      <span title="Envoyée" className="inline-flex shrink-0 text-green-700">
        <CircleCheck aria-hidden="true" className="size-5" />
        <span className="sr-only">Envoyée</span>
      </span>
    );
  }
  if (statut === "echec") {
    return (
      <span title="Échec de l'envoi" className="inline-flex shrink-0 text-amber-600">
        <TriangleAlert aria-hidden="true" className="size-5" />
        <span className="sr-only">Échec de l'envoi</span>
      </span>
    );
  }
  return null;
}

/** The unread count beside a title, only when above 0. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-7 items-center justify-center rounded-full bg-brand-600 px-2 text-sm leading-7 font-bold text-white">
      {count}
      <span className="sr-only">&nbsp;non {count > 1 ? "lues" : "lue"}</span>
    </span>
  );
}
