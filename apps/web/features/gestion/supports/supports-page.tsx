import { can, type StaffCourseDocument } from "@puerta/contract";
// Icons the student area already loads (one shared chunk, docs/decisions/061-back-office-web.md).
import { ChevronDown } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { EmptyState } from "../../../components/empty-state.tsx";
import { SelectField } from "../../../components/form-fields.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatMonthYear, formatSize, PdfLink, rowButtonClass } from "../shared/publishing.tsx";
import { WithdrawConfirm } from "../shared/withdraw-confirm.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import {
  useRefreshAfterSupportUpload,
  useReorderSupports,
  useSubjects,
  useSupportDocuments,
  useWithdrawSupport,
} from "./api.ts";
import { SupportCreateForm, SupportEditForm } from "./support-dialogs.tsx";

/** Moves `ids[from]` to `to`. */
const moved = (ids: number[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
};

/**
 * /gestion/supports (docs/spec/back-office.md section 5): matière → niveau → documents, in the
 * order students see them, changed with arrow buttons (keyboard) or by dragging a row.
 */
export default function SupportsPage() {
  const me = useStaffUser();
  const toast = useToast();
  const [search, setSearch] = useSearchParams();
  const allowed = can(me, "read:supports");
  const subjects = useSubjects(allowed);
  const matiereId = Number(search.get("matiere")) || 0;
  const subject = subjects.data?.matieres.find((m) => m.id === matiereId);
  const hasLevels = (subject?.niveaux.length ?? 0) > 0;
  const niveauParam = search.get("niveau") ?? "";
  const level = subject?.niveaux.find((n) => String(n.id) === niveauParam);
  const groupReady = subject !== undefined && (!hasLevels || level !== undefined);
  const niveau = hasLevels ? niveauParam : "aucun";
  const documents = useSupportDocuments(matiereId, niveau, allowed && groupReady);
  const refreshAfterUpload = useRefreshAfterSupportUpload();
  const reorder = useReorderSupports();
  const withdraw = useWithdrawSupport();

  const [order, setOrder] = useState<number[]>([]);
  const [announce, setAnnounce] = useState("");
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffCourseDocument | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffCourseDocument | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const rows = documents.data?.data ?? [];
  // The server's order, each time it answers (after a move, a publication, a withdrawal).
  const serverOrder = documents.data?.data.map((row) => row.id).join(",") ?? "";
  useEffect(() => setOrder(serverOrder ? serverOrder.split(",").map(Number) : []), [serverOrder]);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = order.map((id) => byId.get(id)).filter((row): row is StaffCourseDocument => row !== undefined);
  const canUpdate = can(me, "update:supports");

  async function move(from: number, to: number, focusId?: string) {
    if (to < 0 || to >= order.length || from === to) return;
    const next = moved(order, from, to);
    const document = byId.get(order[from] ?? 0);
    setOrder(next);
    if (focusId) focusAfterMove.current = focusId;
    try {
      await reorder.mutateAsync({
        matiere_id: matiereId,
        niveau_id: hasLevels ? Number(niveauParam) : null,
        ids: next,
      });
      setAnnounce(`« ${document?.titre ?? ""} » déplacé en position ${to + 1} sur ${next.length}.`);
    } catch (error) {
      setOrder(rows.map((row) => row.id));
      toast({ kind: "error", title: "L'ordre n'a pas été enregistré.", description: staffErrorMessage(error) });
    }
  }

  const choose = (change: Record<string, string>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { preventScrollReset: true },
    );

  const placeLabel = subject ? `${subject.nom}${level ? ` — ${level.nom}` : ""}` : "";

  return (
    <StaffPage
      title="Supports de cours"
      crumbs={[{ label: "Supports de cours" }]}
      permission="read:supports"
      actions={
        can(me, "create:supports") &&
        groupReady && (
          <button type="button" onClick={() => setAdding(true)} className={primaryButtonClass}>
            Ajouter des documents
          </button>
        )
      }
    >
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:max-w-3xl">
        <SelectField
          label="Matière"
          name="matiere"
          value={subject ? String(subject.id) : ""}
          onChange={(value) => choose({ matiere: value, niveau: "" })}
          options={(subjects.data?.matieres ?? []).map((m) => ({
            value: String(m.id),
            label: `${m.nom} (${m.documents} document${m.documents > 1 ? "s" : ""})`,
          }))}
          placeholder="Choisissez une matière"
        />
        {hasLevels && (
          <SelectField
            label="Niveau"
            name="niveau"
            value={level ? String(level.id) : ""}
            onChange={(value) => choose({ niveau: value })}
            options={(subject?.niveaux ?? []).map((n) => ({ value: String(n.id), label: n.nom }))}
            placeholder="Choisissez un niveau"
          />
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {!groupReady ? (
        <EmptyState
          title={subject ? "Choisissez un niveau" : "Choisissez une matière"}
          message="Les documents s'affichent dans l'ordre où les étudiants les voient."
        />
      ) : documents.isPending ? (
        <p className="text-gray-700">Chargement des documents…</p>
      ) : documents.isError ? (
        <p role="alert" className="font-medium text-brand-700">
          {staffErrorMessage(documents.error)}
        </p>
      ) : ordered.length === 0 ? (
        <EmptyState title="Aucun document" message={`Ajoutez le premier document de ${placeLabel}.`} />
      ) : (
        <section aria-labelledby="documents-title">
          <h2 id="documents-title" className="mb-1 text-lg font-bold text-ink">
            {placeLabel}
          </h2>
          <p className="mb-3 text-sm text-gray-700">
            {canUpdate
              ? "Changez l'ordre avec les flèches ou en faisant glisser un document."
              : "Dans l'ordre où les étudiants les voient."}
          </p>
          <ol className="space-y-2">
            {ordered.map((doc, index) => (
              <li
                key={doc.id}
                draggable={canUpdate}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(event) => {
                  if (dragged !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) void move(dragged, index);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                className={`flex flex-col gap-3 rounded-xl border bg-white p-4 sm:flex-row sm:items-center ${canUpdate ? "cursor-grab" : ""} ${
                  dragged === index ? "border-brand-600 opacity-60" : "border-gray-200"
                }`}
              >
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <span className="mt-0.5 w-6 shrink-0 text-right font-bold text-gray-700 tabular-nums">
                    {index + 1}.
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-ink">{doc.titre}</p>
                    {doc.description && <p className="text-sm break-words text-gray-700">{doc.description}</p>}
                    <p className="mt-1 text-sm text-gray-700">
                      {formatMonthYear(doc.mois, doc.annee)} · {formatSize(doc.taille_fichier)} ·{" "}
                      <PdfLink href={doc.fichier_url} label={doc.titre} />
                    </p>
                  </div>
                </div>
                {canUpdate && (
                  <div className="flex flex-wrap gap-2 sm:justify-end">
                    <button
                      id={`up-${doc.id}`}
                      type="button"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, index - 1 === 0 ? `down-${doc.id}` : `up-${doc.id}`)}
                      aria-label={`Monter « ${doc.titre} »`}
                      className={rowButtonClass}
                    >
                      <ChevronDown aria-hidden="true" className="size-4 rotate-180" />
                    </button>
                    <button
                      id={`down-${doc.id}`}
                      type="button"
                      disabled={index === ordered.length - 1}
                      onClick={() =>
                        move(index, index + 1, index + 1 === ordered.length - 1 ? `up-${doc.id}` : `down-${doc.id}`)
                      }
                      aria-label={`Descendre « ${doc.titre} »`}
                      className={rowButtonClass}
                    >
                      <ChevronDown aria-hidden="true" className="size-4" />
                    </button>
                    <button type="button" onClick={() => setEditing(doc)} className={rowButtonClass}>
                      Modifier<span className="sr-only"> « {doc.titre} »</span>
                    </button>
                    {can(me, "delete:supports") && (
                      <button type="button" onClick={() => setWithdrawing(doc)} className={rowButtonClass}>
                        Retirer<span className="sr-only"> « {doc.titre} »</span>
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      <ModalDialog
        open={adding}
        onOpenChange={setAdding}
        title="Ajouter des documents"
        description={placeLabel ? `Dans ${placeLabel}.` : undefined}
      >
        {adding && subject && (
          <SupportCreateForm
            matiereId={subject.id}
            niveau={hasLevels ? niveauParam : ""}
            onCancel={() => setAdding(false)}
            onDone={async (published) => {
              setAdding(false);
              toast({ title: published > 1 ? `${published} documents publiés.` : "Document publié." });
              await refreshAfterUpload();
            }}
          />
        )}
      </ModalDialog>
      <ModalDialog
        open={editing !== null}
        onOpenChange={(open) => open || setEditing(null)}
        title={editing ? `Document « ${editing.titre} »` : "Document"}
      >
        {editing && (
          <SupportEditForm
            document={editing}
            onCancel={() => setEditing(null)}
            onSaved={async (message) => {
              toast({ title: message, description: editing.titre });
              setEditing(null);
            }}
          />
        )}
      </ModalDialog>
      {withdrawing && (
        <WithdrawConfirm
          title="Retirer ce document ?"
          name={withdrawing.titre}
          withdraw={() => withdraw.mutateAsync(withdrawing.id)}
          onClose={() => setWithdrawing(null)}
        />
      )}
    </StaffPage>
  );
}
