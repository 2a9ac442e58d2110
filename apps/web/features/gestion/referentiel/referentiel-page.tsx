import { REFERENTIEL_KINDS, REFERENTIEL_LABELS, type ReferentielData, type ReferentielKind } from "@puerta/contract";
import { type FormEvent, useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FormAlert, SelectField, TextField, useFormErrors } from "../../../components/form-fields.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import { useReferentiel, useReferentielWrite } from "./api.ts";

type Item = { id: number; nom: string } & Record<string, unknown>;
type FieldDef = {
  name: string;
  label: string;
  kind?: "select" | "number";
  options?: (d: ReferentielData) => { value: string; label: string }[];
};

const FIELDS: Record<ReferentielKind, FieldDef[]> = {
  centres: [
    { name: "nom", label: "Nom" },
    { name: "adresse", label: "Adresse" },
    { name: "telephone", label: "Téléphone" },
    { name: "lien_carte", label: "Lien de carte" },
  ],
  filieres: [{ name: "nom", label: "Nom" }],
  options: [
    { name: "nom", label: "Nom" },
    {
      name: "filiere_id",
      label: "Filière",
      kind: "select",
      options: (d) => d.filieres.map((f) => ({ value: String(f.id), label: f.nom })),
    },
  ],
  matieres: [
    { name: "nom", label: "Nom" },
    { name: "description", label: "Description" },
  ],
  niveaux: [
    { name: "nom", label: "Nom" },
    { name: "ordre", label: "Ordre", kind: "number" },
    {
      name: "matiere_id",
      label: "Matière",
      kind: "select",
      options: (d) => d.matieres.map((x) => ({ value: String(x.id), label: x.nom })),
    },
  ],
};

/** What a row shows beside its name. */
function details(kind: ReferentielKind, item: Item, data: ReferentielData): string {
  if (kind === "centres") return [item.adresse, item.telephone].filter(Boolean).join(" · ");
  if (kind === "options") return data.filieres.find((f) => f.id === item.filiere_id)?.nom ?? "Sans filière";
  if (kind === "matieres") return String(item.description ?? "");
  if (kind === "niveaux")
    return `${data.matieres.find((x) => x.id === item.matiere_id)?.nom ?? ""} · ordre ${String(item.ordre)}`;
  return "";
}

/** /gestion/referentiel (direction, docs/spec/back-office.md section 4): the academy's reference data. */
export default function ReferentielPage() {
  const toast = useToast();
  const data = useReferentiel();
  const [editing, setEditing] = useState<{ kind: ReferentielKind; item?: Item } | null>(null);
  const [deleting, setDeleting] = useState<{ kind: ReferentielKind; item: Item } | null>(null);

  const write = useReferentielWrite();

  return (
    <StaffPage title="Référentiel" crumbs={[{ label: "Référentiel" }]} permission="read:referentiel">
      {data.isPending && <Spinner label="Chargement du référentiel…" showLabel />}
      {data.isError && (
        <p role="alert" className="rounded-xl border border-gray-200 bg-white p-6 text-gray-700">
          {staffErrorMessage(data.error)}
        </p>
      )}
      {data.data && (
        <div className="grid gap-6 xl:grid-cols-2">
          {REFERENTIEL_KINDS.map((kind) => {
            const items = data.data[kind] as Item[];
            const label = REFERENTIEL_LABELS[kind];
            return (
              <section
                key={kind}
                aria-labelledby={`ref-${kind}`}
                className="rounded-xl border border-gray-200 bg-white p-5"
              >
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`ref-${kind}`} className="text-lg font-bold text-ink">
                    {label.title}
                  </h2>
                  <button type="button" onClick={() => setEditing({ kind })} className={secondaryButtonClass}>
                    Ajouter<span className="sr-only"> : {label.one}</span>
                  </button>
                </div>
                {items.length === 0 ? (
                  <p className="text-sm text-gray-700">Aucun élément.</p>
                ) : (
                  <ul className="divide-y divide-gray-100">
                    {items.map((item) => (
                      <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                        <div className="min-w-0">
                          <p className="font-semibold text-ink">{item.nom}</p>
                          <p className="text-sm break-words text-gray-700">{details(kind, item, data.data)}</p>
                        </div>
                        <div className="flex gap-2">
                          <button
                            type="button"
                            onClick={() => setEditing({ kind, item })}
                            className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50"
                          >
                            Modifier<span className="sr-only"> {item.nom}</span>
                          </button>
                          <button
                            type="button"
                            onClick={() => setDeleting({ kind, item })}
                            className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50"
                          >
                            Supprimer<span className="sr-only"> {item.nom}</span>
                          </button>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {editing && data.data && (
        <ModalDialog
          open
          onOpenChange={(open) => open || setEditing(null)}
          title={
            editing.item ? `Modifier « ${editing.item.nom} »` : `Ajouter : ${REFERENTIEL_LABELS[editing.kind].one}`
          }
        >
          <ItemForm
            kind={editing.kind}
            item={editing.item}
            data={data.data}
            onCancel={() => setEditing(null)}
            onSave={async (body) => {
              await write.mutateAsync({ kind: editing.kind, id: editing.item?.id, body });
              toast({
                title: editing.item ? "Modification enregistrée." : "Élément ajouté.",
                description: String(body.nom),
              });
              setEditing(null);
            }}
          />
        </ModalDialog>
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => open || setDeleting(null)}
          title={`Supprimer « ${deleting.item.nom} » ?`}
          description="La suppression est refusée tant que l'élément est utilisé."
          confirmLabel="Supprimer"
          destructive
          onConfirm={async () => {
            try {
              await write.mutateAsync({ kind: deleting.kind, id: deleting.item.id, remove: true });
              toast({ title: "Élément supprimé.", description: deleting.item.nom });
            } catch (error) {
              toast({ kind: "error", title: "Suppression refusée.", description: staffErrorMessage(error) });
            }
          }}
        />
      )}
    </StaffPage>
  );
}

function ItemForm({
  kind,
  item,
  data,
  onCancel,
  onSave,
}: {
  kind: ReferentielKind;
  item?: Item;
  data: ReferentielData;
  onCancel: () => void;
  onSave: (body: Record<string, unknown>) => Promise<unknown>;
}) {
  const fields = FIELDS[kind];
  const form = useFormErrors<string>();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, item?.[f.name] == null ? "" : String(item[f.name])])),
  );
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const raw: Record<string, unknown> = {};
    for (const f of fields) {
      const value = values[f.name] ?? "";
      raw[f.name] = f.kind === "select" || f.kind === "number" ? (value === "" ? null : Number(value)) : value;
    }
    if (kind === "niveaux" && raw.matiere_id === null) raw.matiere_id = undefined;
    if (kind === "niveaux" && raw.ordre === null) raw.ordre = undefined;
    const body = await form.check((schemas) => schemas.REFERENTIEL_REQUESTS[kind], raw);
    if (!body) return;
    setSending(true);
    try {
      await onSave(body as Record<string, unknown>);
    } catch (error) {
      form.fail(
        error,
        fields.map((f) => f.name),
      );
      setSending(false);
    }
  }

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-5">
      {form.alert && <FormAlert>{form.alert}</FormAlert>}
      {fields.map((f) =>
        f.kind === "select" ? (
          <SelectField
            key={f.name}
            label={f.label}
            name={f.name}
            value={values[f.name] ?? ""}
            onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
            options={f.options?.(data) ?? []}
            placeholder={kind === "options" ? "Aucune" : "Choisissez"}
            error={form.errors[f.name]}
            disabled={sending}
          />
        ) : (
          <TextField
            key={f.name}
            label={f.label}
            name={f.name}
            autoComplete="off"
            inputMode={f.kind === "number" ? "numeric" : undefined}
            value={values[f.name] ?? ""}
            onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
            error={form.errors[f.name]}
            disabled={sending}
          />
        ),
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={sending} className={secondaryButtonClass}>
          Annuler
        </button>
        <button type="submit" disabled={sending} className={primaryButtonClass}>
          {sending ? "Enregistrement…" : "Enregistrer"}
        </button>
      </div>
    </form>
  );
}
