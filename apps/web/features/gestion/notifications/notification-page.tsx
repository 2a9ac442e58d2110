import { can, type NotificationReader } from "@puerta/contract";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { LinkifiedText } from "../../../components/linkified-text.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { LoadFailed } from "../shared/load-failed.tsx";
import { isPastYear, PastYearActions, republishWithToast } from "../shared/school-years.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import {
  notificationsApi,
  useNotificationReads,
  useRepublishNotification,
  useStaffNotification,
  useWithdrawNotification,
} from "./api.ts";
import { priorityLabel, readsLabel, StateBadge } from "./labels.tsx";

const FILTERS = ["lecture"] as const;
const column = columnsOf<NotificationReader>();
const READ_FILTER: ListFilter[] = [
  {
    name: "lecture",
    label: "Lecture",
    allLabel: "Lue ou non",
    options: [
      { value: "lue", label: "Lue" },
      { value: "non_lue", label: "Non lue" },
    ],
  },
];

const columns = [
  column.accessor("name", { header: "Étudiant", enableSorting: false }),
  column.accessor("student_id", { header: "Matricule", enableSorting: false }),
  column.accessor("centre", { header: "Centre", enableSorting: false, cell: (info) => info.getValue() ?? "—" }),
  column.accessor("read_at", {
    header: "Lue le",
    enableSorting: false,
    cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : "Non lue"),
  }),
];

/** /gestion/notifications/{id}: the notification, its actions, and who has read it and who has not. */
export default function NotificationStaffPage() {
  const id = Number(useParams().id);
  const me = useStaffUser();
  const toast = useToast();
  const list = useListParams(FILTERS);
  const [confirming, setConfirming] = useState(false);
  const notification = useStaffNotification(id, Number.isSafeInteger(id) && id > 0 && can(me, "read:notifications"));
  const reads = useNotificationReads(id, list.params, notification.isSuccess);
  const withdrawal = useWithdrawNotification();
  const republish = useRepublishNotification();
  const data = notification.data;

  async function withdraw() {
    try {
      await withdrawal.mutateAsync(id);
      toast({ title: "Notification retirée.", description: "Elle est dans la corbeille pendant 30 jours." });
    } catch (error) {
      toast({ kind: "error", title: "Le retrait n'a pas abouti.", description: staffErrorMessage(error) });
    }
  }

  return (
    <StaffPage
      title={data?.titre ?? "Notification"}
      crumbs={[{ label: "Notifications", to: "/gestion/notifications" }, { label: data?.titre ?? "Notification" }]}
      permission="read:notifications"
      actions={
        data &&
        (isPastYear(data) ? (
          <PastYearActions
            name={`la notification ${data.titre}`}
            canRepublish={can(me, "create:notifications")}
            pending={republish.isPending}
            onRepublish={() =>
              void republishWithToast(toast, () => republish.mutateAsync(data.id), { name: data.titre, draft: true })
            }
          />
        ) : (
          data.state !== "retiree" && (
            <>
              {can(me, "update:notifications") && (
                <Link to={`/gestion/notifications/${id}/modifier`} className={primaryButtonClass}>
                  {data.state === "publiee" ? "Corriger" : "Modifier"}
                </Link>
              )}
              {can(me, "delete:notifications") && (
                <button type="button" onClick={() => setConfirming(true)} className={dangerButtonClass}>
                  Retirer
                </button>
              )}
            </>
          )
        ))
      }
    >
      {!data ? (
        notification.isError ? (
          <LoadFailed
            error={notification.error}
            missing="Cette notification n'existe pas."
            back={{ to: "/gestion/notifications", label: "Retour aux notifications" }}
          />
        ) : (
          <Spinner label="Chargement de la notification..." />
        )
      ) : (
        <div className="space-y-8">
          {data.state === "retiree" && (
            <p className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900">
              Retirée le {formatDateTime(data.withdrawn_at)} : les étudiants ne la voient plus.{" "}
              <Link to="/gestion/corbeille?kind=notifications" className="font-semibold underline underline-offset-4">
                Ouvrir la corbeille
              </Link>
            </p>
          )}
          <section aria-labelledby="summary-title" className="rounded-xl border border-gray-200 bg-white p-5">
            <h2 id="summary-title" className="sr-only">
              Résumé
            </h2>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Item term="État">
                <StateBadge state={data.state} />
              </Item>
              <Item term="Publication">{formatDateTime(data.published_at)}</Item>
              <Item term="Audience">{data.audience_summary}</Item>
              <Item term="Lectures">{readsLabel(data.read_count, data.recipient_count)}</Item>
              <Item term="Priorité">{priorityLabel(data.priority)}</Item>
              <Item term="Expéditeur">{data.sender ?? "—"}</Item>
              <Item term="Copie par e-mail">
                {data.email_copy
                  ? data.emailed_at
                    ? `envoyée le ${formatDateTime(data.emailed_at)}`
                    : "prévue"
                  : "non"}
              </Item>
              <Item term="Rédigée par">{data.created_by ?? "—"}</Item>
            </dl>
            {data.photo && (
              <img
                src={data.photo}
                alt={`Illustration : ${data.titre}`}
                className="mt-4 max-h-64 w-auto rounded-lg border border-gray-200"
              />
            )}
            <p className="mt-4 border-t border-gray-100 pt-4 text-base leading-relaxed whitespace-pre-line break-words">
              <LinkifiedText text={data.message} />
            </p>
          </section>
          <section aria-labelledby="reads-title">
            <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <h2 id="reads-title" className="text-lg font-bold text-ink">
                Lectures : {readsLabel(data.read_count, data.recipient_count)}
              </h2>
              {can(me, "export:notifications") && (
                <a href={notificationsApi.readsExportUrl(id, list.params)} download className={secondaryButtonClass}>
                  Exporter les lectures (CSV)
                </a>
              )}
            </div>
            <DataTable
              caption="Qui l'a lue et qui ne l'a pas lue"
              columns={columns}
              list={list}
              result={reads}
              searchLabel="Rechercher un étudiant"
              searchPlaceholder="Nom ou matricule"
              filters={READ_FILTER}
              empty={{ title: "Aucun destinataire", message: "Cette audience ne compte aucun étudiant." }}
              getRowId={(row) => String(row.etudiant_id)}
            />
          </section>
        </div>
      )}
      {confirming && data && (
        <ConfirmDialog
          open
          onOpenChange={(open) => open || setConfirming(false)}
          title="Retirer cette notification ?"
          description={`« ${data.titre} » disparaît aussitôt pour les étudiants. Elle reste 30 jours dans la corbeille, d'où la direction ou son auteur peut la restaurer.`}
          confirmLabel="Retirer"
          onConfirm={withdraw}
        />
      )}
    </StaffPage>
  );
}

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-gray-700">{term}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}
