import {
  calendarDay,
  LEAVING_REASON_LABELS,
  LEAVING_REASONS,
  type StudentBulkRequest,
  type StudentLeavingRequest,
} from "@puerta/contract";
import { useState } from "react";
import { SelectField, TextField } from "../../../components/form-fields.tsx";
import { FormActions, FormDialog, StaffForm, useStaffForm } from "../shared/staff-form.tsx";

const FIELDS = ["motif", "sorti_le"] as const;

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * "Marquer comme ancien élève" on the list's selection (docs/spec/school-year-and-data.md section 1):
 * the count to confirm, why and when the students left, checked with the contract's schema; the
 * server's field errors (a day outside their cohort year) next to their fields.
 */
export function LeavingDialog({
  open,
  onOpenChange,
  count,
  selection,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many students the selection holds, as the list counts them. */
  count: number;
  selection: StudentBulkRequest;
  onConfirm: (body: StudentLeavingRequest) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Marquer ${plural(count, "étudiant", "étudiants")} comme ${count > 1 ? "anciens élèves" : "ancien élève"} ?`}
      description="Ils ne font plus partie des inscrits de l'année : leur espace étudiant se limite à leurs attestations, à leur profil et à leur mot de passe. Leur compte reste ouvert, et vous pourrez les réinscrire."
    >
      {(close) => <LeavingForm count={count} selection={selection} onCancel={close} onConfirm={onConfirm} />}
    </FormDialog>
  );
}

function LeavingForm({
  count,
  selection,
  onCancel,
  onConfirm,
}: {
  count: number;
  selection: StudentBulkRequest;
  onCancel: () => void;
  onConfirm: (body: StudentLeavingRequest) => Promise<unknown>;
}) {
  const form = useStaffForm(FIELDS);
  const [values, setValues] = useState({ motif: "", sorti_le: calendarDay(new Date()) });
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = () =>
    form.submit(
      () =>
        form.check((schemas) => schemas.studentLeavingRequest, {
          ...selection,
          motif: values.motif || undefined,
          sorti_le: values.sorti_le,
        }),
      // The body as typed (the parsed one reads a cohort's label as its first year).
      () =>
        onConfirm({ ...selection, motif: values.motif as StudentLeavingRequest["motif"], sorti_le: values.sorti_le }),
    );

  return (
    <StaffForm form={form} onSubmit={submit}>
      <SelectField
        label="Motif de sortie"
        name="motif"
        value={values.motif}
        onChange={set("motif")}
        options={LEAVING_REASONS.map((reason) => ({ value: reason, label: LEAVING_REASON_LABELS[reason] }))}
        placeholder="Choisissez un motif"
        error={form.errors.motif}
        disabled={form.sending}
      />
      <TextField
        label="Date de sortie"
        name="sorti_le"
        type="date"
        value={values.sorti_le}
        onChange={set("sorti_le")}
        error={form.errors.sorti_le}
        hint="Au plus tard aujourd'hui, dans l'année scolaire des étudiants."
        disabled={form.sending}
      />
      <FormActions onCancel={onCancel} busy={form.sending}>
        {form.sending ? "Patientez…" : `Marquer comme ${count > 1 ? "anciens élèves" : "ancien élève"} (${count})`}
      </FormActions>
    </StaffForm>
  );
}
