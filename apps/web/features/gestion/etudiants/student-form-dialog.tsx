import type { StaffStudent, StudentCreateRequest } from "@puerta/contract";
import { type ReactNode, useState } from "react";
import { SelectField, TextField } from "../../../components/form-fields.tsx";
import { FormActions, FormDialog, OtherActions, StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { useStudentReference } from "./api.ts";

const FIELDS = [
  "nom",
  "prenom",
  "email",
  "telephone",
  "cin",
  "numero_etudiant",
  "centre_id",
  "option_id",
  "filiere_id",
] as const;

/**
 * Create a student (an invitation e-mail leaves) or edit one (docs/spec/back-office.md section 4),
 * checked with the contract's schema, the server's field errors next to their fields.
 */
export function StudentFormDialog({
  student,
  open,
  onOpenChange,
  onSave,
  centreIds,
  otherActions,
}: {
  student?: StaffStudent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (body: StudentCreateRequest) => Promise<unknown>;
  /** The centres the staff member may choose (a secretary's own); undefined = every centre. */
  centreIds?: readonly number[];
  otherActions?: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={student ? `Fiche de ${student.prenom} ${student.nom}` : "Nouvel étudiant"}
      description={
        student
          ? "Les changements sont enregistrés dans le journal."
          : "L'étudiant reçoit par e-mail un lien pour choisir son mot de passe (valable 7 jours)."
      }
    >
      {(close) => (
        <>
          <StudentForm student={student} centreIds={centreIds} onCancel={close} onSave={onSave} />
          {otherActions && <OtherActions id="student-actions-title">{otherActions}</OtherActions>}
        </>
      )}
    </FormDialog>
  );
}

const idOrNull = (value: string) => (value === "" ? null : Number(value));

function StudentForm({
  student,
  centreIds,
  onCancel,
  onSave,
}: {
  student?: StaffStudent;
  centreIds?: readonly number[];
  onCancel: () => void;
  onSave: (body: StudentCreateRequest) => Promise<unknown>;
}) {
  const reference = useStudentReference();
  const form = useStaffForm(FIELDS);
  const sending = form.sending;
  const [values, setValues] = useState({
    nom: student?.nom ?? "",
    prenom: student?.prenom ?? "",
    email: student?.email ?? "",
    telephone: student?.telephone ?? "",
    cin: student?.cin ?? "",
    numero_etudiant: student?.numero_etudiant ?? "",
    centre_id: student?.centre ? String(student.centre.id) : centreIds?.length === 1 ? String(centreIds[0]) : "",
    option_id: student?.option ? String(student.option.id) : "",
    filiere_id: student?.filiere ? String(student.filiere.id) : "",
  });
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const centres = (reference.data?.centres ?? []).filter((c) => !centreIds || centreIds.includes(c.id));
  const options = (reference.data?.options ?? []).filter(
    (o) => !values.filiere_id || o.filiere_id === null || String(o.filiere_id) === values.filiere_id,
  );

  const submit = () =>
    form.submit(
      () =>
        form.check((schemas) => schemas.studentCreateRequest, {
          ...values,
          centre_id: values.centre_id === "" ? undefined : Number(values.centre_id),
          option_id: idOrNull(values.option_id),
          filiere_id: idOrNull(values.filiere_id),
        }),
      (body) =>
        onSave({
          ...body,
          telephone: values.telephone.trim() || null,
          cin: values.cin.trim() || null,
          numero_etudiant: values.numero_etudiant.trim() || null,
        }),
    );

  return (
    <StaffForm form={form} onSubmit={submit}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Nom"
          name="nom"
          autoComplete="off"
          value={values.nom}
          onChange={set("nom")}
          error={form.errors.nom}
          disabled={sending}
        />
        <TextField
          label="Prénom"
          name="prenom"
          autoComplete="off"
          value={values.prenom}
          onChange={set("prenom")}
          error={form.errors.prenom}
          disabled={sending}
        />
      </div>
      <TextField
        label="Adresse e-mail"
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={set("email")}
        error={form.errors.email}
        disabled={sending}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Téléphone"
          name="telephone"
          autoComplete="off"
          value={values.telephone}
          onChange={set("telephone")}
          error={form.errors.telephone}
          disabled={sending}
        />
        <TextField
          label="CIN"
          name="cin"
          autoComplete="off"
          value={values.cin}
          onChange={set("cin")}
          error={form.errors.cin}
          disabled={sending}
        />
      </div>
      <TextField
        label="Numéro étudiant"
        name="numero_etudiant"
        autoComplete="off"
        value={values.numero_etudiant}
        onChange={set("numero_etudiant")}
        error={form.errors.numero_etudiant}
        hint={student ? undefined : "Laissez vide pour le générer (PU-année-numéro)."}
        disabled={sending}
      />
      <SelectField
        label="Centre"
        name="centre_id"
        value={values.centre_id}
        onChange={set("centre_id")}
        options={centres.map((c) => ({ value: String(c.id), label: c.nom }))}
        placeholder="Choisissez un centre"
        error={form.errors.centre_id}
        disabled={sending}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Filière"
          name="filiere_id"
          value={values.filiere_id}
          onChange={set("filiere_id")}
          options={(reference.data?.filieres ?? []).map((f) => ({ value: String(f.id), label: f.nom }))}
          placeholder="Aucune"
          error={form.errors.filiere_id}
          disabled={sending}
        />
        <SelectField
          label="Option"
          name="option_id"
          value={values.option_id}
          onChange={set("option_id")}
          options={options.map((o) => ({ value: String(o.id), label: o.nom }))}
          placeholder="Aucune"
          error={form.errors.option_id}
          disabled={sending}
        />
      </div>
      <FormActions onCancel={onCancel} busy={sending}>
        {sending ? "Enregistrement…" : student ? "Enregistrer" : "Créer et inviter"}
      </FormActions>
    </StaffForm>
  );
}
