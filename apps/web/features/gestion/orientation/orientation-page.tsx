import { can, PUBLISHING_TEXT, type StaffOrientationDocument } from "@puerta/contract";
import { useState } from "react";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { CellNote, columnsOf, DataTable } from "../../../components/data-table.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { serverFieldErrors } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { PdfUpload } from "../shared/pdf-batch.tsx";
import {
  DescriptionField,
  formatSize,
  PdfLink,
  pdfSender,
  rowButtonClass,
  TitleField,
  titleFromFileName,
  usePdfQueue,
} from "../shared/publishing.tsx";
import { FormActions, StaffForm, useStaffForm, WithdrawSection } from "../shared/staff-form.tsx";
import { WithdrawConfirm } from "../shared/withdraw-confirm.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import {
  ORIENTATION_URL,
  useOrientationDocuments,
  useRefreshAfterOrientationUpload,
  useUpdateOrientation,
  useWithdrawOrientation,
} from "./api.ts";

const FIELDS = ["titre", "description"] as const;
const column = columnsOf<StaffOrientationDocument>();

/** /gestion/orientation (docs/spec/back-office.md section 5): the orientation guides every student sees. */
export default function OrientationPage() {
  const me = useStaffUser();
  const toast = useToast();
  const list = useListParams([], "-created_at");
  const documents = useOrientationDocuments(list.params, can(me, "read:orientation"));
  const [editing, setEditing] = useState<StaffOrientationDocument | "new" | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffOrientationDocument | null>(null);
  const withdraw = useWithdrawOrientation();

  const columns = [
    column.accessor("titre", {
      header: "Titre",
      cell: (info) => (
        <>
          <span className="font-semibold text-ink">{info.getValue()}</span>
          {info.row.original.description && <CellNote>{info.row.original.description}</CellNote>}
        </>
      ),
    }),
    column.accessor("taille_fichier", {
      header: "Fichier",
      enableSorting: false,
      cell: (info) => (
        <span className="whitespace-nowrap">
          <PdfLink href={info.row.original.fichier_url} label={info.row.original.titre} /> ·{" "}
          {formatSize(info.getValue())}
        </span>
      ),
    }),
    column.accessor("created_at", {
      header: "Publié le",
      cell: (info) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>,
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original } }) =>
        can(me, "update:orientation") ? (
          <button type="button" onClick={() => setEditing(original)} className={rowButtonClass}>
            Gérer<span className="sr-only"> le document {original.titre}</span>
          </button>
        ) : null,
    }),
  ];

  const edited = editing && editing !== "new" ? editing : undefined;
  return (
    <StaffPage
      title="Orientation"
      crumbs={[{ label: "Orientation" }]}
      permission="read:orientation"
      actions={
        can(me, "create:orientation") && (
          <button type="button" onClick={() => setEditing("new")} className={primaryButtonClass}>
            Publier un document
          </button>
        )
      }
    >
      <DataTable
        caption="Documents d'orientation"
        columns={columns}
        list={list}
        result={documents}
        searchLabel="Rechercher un document"
        searchPlaceholder="Titre ou description"
        empty={{ title: "Aucun document d'orientation", message: "Publiez un premier guide pour les étudiants." }}
        getRowId={(document) => String(document.id)}
      />
      <ModalDialog
        open={editing !== null}
        onOpenChange={(open) => open || setEditing(null)}
        title={edited ? `Document « ${edited.titre} »` : "Publier un document d'orientation"}
      >
        {editing !== null && (
          <OrientationForm
            document={edited}
            onCancel={() => setEditing(null)}
            onWithdraw={
              edited && can(me, "delete:orientation")
                ? () => {
                    setEditing(null);
                    setWithdrawing(edited);
                  }
                : undefined
            }
            onSaved={async (message, titre) => {
              setEditing(null);
              toast({ title: message, description: titre });
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

function OrientationForm({
  document,
  onCancel,
  onSaved,
  onWithdraw,
}: {
  document?: StaffOrientationDocument;
  onCancel: () => void;
  onSaved: (message: string, titre: string) => Promise<unknown>;
  onWithdraw?: () => void;
}) {
  const form = useStaffForm(FIELDS);
  const queue = usePdfQueue(false);
  const update = useUpdateOrientation();
  const refreshAfterUpload = useRefreshAfterOrientationUpload();
  const [titre, setTitre] = useState(document?.titre ?? "");
  const [description, setDescription] = useState(document?.description ?? "");
  const [fileError, setFileError] = useState<string>();
  const busy = form.sending || queue.busy;
  const file = queue.items[0];
  const effectiveTitre = titre || (file && !document ? titleFromFileName(file.file.name) : "");

  async function submit() {
    if (busy) return;
    if (document) {
      return form.submit(
        () => form.check((schemas) => schemas.orientationUpdateRequest, { titre, description: description || null }),
        async (body) => {
          await update.mutateAsync({ id: document.id, body });
          await onSaved(PUBLISHING_TEXT.updated, titre);
        },
      );
    }
    setFileError(file ? undefined : "Choisissez le fichier PDF.");
    const fields = { titre: effectiveTitre, description };
    const checked = await form.check((schemas) => schemas.orientationCreateFields, fields);
    if (!checked || !file) return;
    const [outcome] = await queue.run(pdfSender(ORIENTATION_URL, () => fields));
    if (outcome && !outcome.error) {
      await refreshAfterUpload();
      await onSaved(PUBLISHING_TEXT.created, fields.titre);
      return;
    }
    const byField = serverFieldErrors(outcome?.error);
    if (byField.titre || byField.description) form.fail(outcome?.error, FIELDS);
  }

  return (
    <div className="space-y-6">
      <StaffForm form={form} onSubmit={submit}>
        {!document && (
          <PdfUpload
            label="Fichier PDF"
            queue={queue}
            hint="PDF uniquement, 20 Mo au plus."
            error={fileError}
            disabled={busy}
          />
        )}
        <TitleField value={effectiveTitre} onChange={setTitre} error={form.errors.titre} disabled={busy} />
        <DescriptionField
          value={description}
          onChange={setDescription}
          error={form.errors.description}
          disabled={busy}
        />
        <FormActions onCancel={onCancel} busy={busy}>
          {document ? "Enregistrer" : queue.busy ? "Envoi en cours…" : "Publier"}
        </FormActions>
      </StaffForm>
      {onWithdraw && <WithdrawSection label="Retirer le document" onWithdraw={onWithdraw} />}
    </div>
  );
}
