import { ACADEMY_TIME_ZONE, CALENDAR_TEXTS, type CalendarFeedType } from "@puerta/contract";
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { CalendarPlus, Check, Copy, Link2Off, RefreshCw, X } from "lucide-react";
import { useId, useState } from "react";
import { calendarSubscriptionQuery, useRegenerateSubscription, useRevokeSubscription } from "./api.ts";

const FEED_LABELS: Record<CalendarFeedType, string> = {
  events: "Événements parascolaires",
  holidays: "Jours fériés",
  both: "Événements et jours fériés",
};

const withType = (url: string, type: CalendarFeedType) => (type === "both" ? url : `${url}?type=${type}`);
const frenchDateTime = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: ACADEMY_TIME_ZONE }).format(
    new Date(iso),
  );

/**
 * 'Ajouter à mon agenda': the student's iCalendar subscription link, shared by both calendar
 * pages. The server keeps only a hash of the secret, so the link is shown when it is created
 * (and kept in memory for this visit); later the student can only replace or revoke it.
 */
export function CalendarSubscription({ defaultType }: { defaultType: CalendarFeedType }) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<CalendarFeedType>(defaultType);
  const [copied, setCopied] = useState(false);
  const selectId = useId();
  const linkId = useId();
  const status = useQuery({ ...calendarSubscriptionQuery, enabled: open });
  const regenerate = useRegenerateSubscription(() => setCopied(false));
  const revoke = useRevokeSubscription(() => setCopied(false));
  const busy = regenerate.isPending || revoke.isPending;
  const failure = regenerate.error ?? revoke.error ?? status.error;

  const data = status.data;
  const url = data?.url ? withType(data.url, type) : undefined;
  const webcal = data?.webcal_url ? withType(data.webcal_url, type) : undefined;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Without clipboard access the link stays selectable in the field.
      document.getElementById(linkId)?.focus();
    }
  }

  const button =
    "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60";

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${button} border border-brand-600 bg-white text-brand-700 hover:bg-brand-50`}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        {CALENDAR_TEXTS.addToCalendar}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="pr-8 text-xl font-bold text-ink">{CALENDAR_TEXTS.addToCalendar}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700">
            Abonnez votre agenda (Google Agenda, Calendrier d'Apple, Outlook…) à votre lien personnel : les événements
            et les jours fériés s'y ajoutent et se mettent à jour tout seuls. Ne partagez pas ce lien.
          </Dialog.Description>

          <label htmlFor={selectId} className="mt-5 block text-sm font-semibold text-ink">
            Contenu de l'agenda
          </label>
          <select
            id={selectId}
            value={type}
            onChange={(e) => setType(e.target.value as CalendarFeedType)}
            className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2"
          >
            {(Object.keys(FEED_LABELS) as CalendarFeedType[]).map((value) => (
              <option key={value} value={value}>
                {FEED_LABELS[value]}
              </option>
            ))}
          </select>

          <div className="mt-5" aria-live="polite">
            {status.isPending ? (
              <p className="text-sm text-gray-700">Chargement de votre abonnement...</p>
            ) : url ? (
              <>
                <label htmlFor={linkId} className="block text-sm font-semibold text-ink">
                  Votre lien d'abonnement
                </label>
                <div className="mt-1 flex gap-2">
                  <input
                    id={linkId}
                    readOnly
                    value={url}
                    onFocus={(e) => e.target.select()}
                    className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs"
                  />
                  <button
                    type="button"
                    onClick={copy}
                    className={`${button} bg-brand-600 text-white hover:bg-brand-700`}
                  >
                    {copied ? (
                      <Check aria-hidden="true" className="size-4" />
                    ) : (
                      <Copy aria-hidden="true" className="size-4" />
                    )}
                    {copied ? "Lien copié" : "Copier"}
                  </button>
                </div>
                {webcal && (
                  <a href={webcal} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
                    Ouvrir dans mon application d'agenda
                  </a>
                )}
              </>
            ) : data?.active && data.created_at ? (
              <p className="text-sm text-gray-700">
                Un lien d'abonnement est actif depuis le {frenchDateTime(data.created_at)}. Pour votre sécurité, il
                n'est affiché qu'au moment de sa création : générez-en un nouveau pour le voir (l'ancien cessera de
                fonctionner).
              </p>
            ) : (
              <p className="text-sm text-gray-700">Vous n'avez pas encore de lien d'abonnement.</p>
            )}
            {failure && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-800">
                {failure.message}
              </p>
            )}
          </div>

          <div className="mt-6 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy || status.isPending}
              onClick={() => regenerate.mutate()}
              className={`${button} ${
                data?.active
                  ? "border border-gray-300 bg-white text-ink hover:bg-gray-50"
                  : "bg-brand-600 text-white hover:bg-brand-700"
              }`}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {data?.active ? "Générer un nouveau lien" : "Créer mon lien"}
            </button>
            {data?.active && (
              <button
                type="button"
                disabled={busy}
                onClick={() => revoke.mutate()}
                className={`${button} border border-red-300 bg-white text-red-800 hover:bg-red-50`}
              >
                <Link2Off aria-hidden="true" className="size-4" />
                Désactiver le lien
              </button>
            )}
          </div>

          <Dialog.Close
            className="absolute top-4 right-4 rounded-full p-1.5 text-gray-600 hover:bg-gray-100"
            aria-label="Fermer"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
