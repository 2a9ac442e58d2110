import { NOTIFICATION_STATE_LABELS, type NotificationState } from "@puerta/contract";

const STATE_STYLES: Record<NotificationState, string> = {
  brouillon: "bg-gray-100 text-gray-800 ring-gray-300",
  programmee: "bg-amber-50 text-amber-900 ring-amber-200",
  publiee: "bg-green-50 text-green-800 ring-green-200",
  retiree: "bg-red-50 text-red-800 ring-red-200",
};

/** Brouillon, Programmée, Publiée or Retirée, as a badge. */
export function StateBadge({ state }: { state: NotificationState }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATE_STYLES[state]}`}
    >
      {NOTIFICATION_STATE_LABELS[state]}
    </span>
  );
}

/** "lue par X / Y". */
export const readsLabel = (read: number, recipients: number) => `lue par ${read} / ${recipients}`;
