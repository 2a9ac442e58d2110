import {
  CLOSURE_KINDS,
  can,
  EVERY_CENTRE,
  HOLIDAY_KIND_LABELS,
  HOLIDAY_KINDS,
  type StaffHoliday,
  type StaffHolidayCreateRequest,
} from "@puerta/contract";
import { useEffect, useState } from "react";
import { SelectField, TextAreaField, TextField } from "../../../components/form-fields.tsx";
import { useStaffUser } from "../session/staff-session.ts";
import { FormActions, FormDialog, StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { loadCalendarSchemas } from "./api.ts";
import { CentresField, useCentresChoice } from "./centres-field.tsx";

const FIELDS = ["nom", "description", "categorie", "date", "date_fin", "tous_centres", "centre_ids"] as const;

export const HOLIDAY_KIND_OPTIONS = HOLIDAY_KINDS.map((kind) => ({ value: kind, label: HOLIDAY_KIND_LABELS[kind] }));

/**
 * Add one of the academy's closures (vacances, fermeture d'un centre) or another day off, or
 * edit a holiday: moving a religious holiday's date confirms it (docs/spec/back-office.md section 5).
 */
export function HolidayFormDialog({
  holiday,
  open,
  onOpenChange,
  onSave,
}: {
  holiday?: StaffHoliday;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (body: StaffHolidayCreateRequest) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={holiday ? `Modifier « ${holiday.nom} »` : "Ajouter une fermeture"}
      description={
        holiday?.categorie === "religieux"
          ? "Changer la date d'une fête religieuse la marque « Date confirmée »."
          : "Les étudiants des centres concernés la voient dans leur calendrier des jours fériés."
      }
    >
      {(close) => <HolidayForm holiday={holiday} onCancel={close} onSave={onSave} />}
    </FormDialog>
  );
}

function HolidayForm({
  holiday,
  onCancel,
  onSave,
}: {
  holiday?: StaffHoliday;
  onCancel: () => void;
  onSave: (body: StaffHolidayCreateRequest) => Promise<unknown>;
}) {
  const form = useStaffForm(FIELDS);
  const me = useStaffUser();
  // A secretary adds only closures of her own centres (holidayScope in permissions.ts).
  const allowAll = can(me, holiday ? "update:jours-feries" : "create:jours-feries", EVERY_CENTRE);
  const sending = form.sending;
  const [nom, setNom] = useState(holiday?.nom ?? "");
  const [categorie, setCategorie] = useState<string>(holiday?.categorie ?? "vacances");
  const [date, setDate] = useState(holiday?.date ?? "");
  const [dateFin, setDateFin] = useState(holiday?.date_fin ?? "");
  const [description, setDescription] = useState(holiday?.description ?? "");
  const centres = useCentresChoice(
    holiday?.tous_centres ?? allowAll,
    holiday?.centre_ids ?? (!allowAll && me.centre_ids.length === 1 ? me.centre_ids : []),
  );
  // Fetched as the form opens, so that a first submit is checked at once.
  useEffect(() => void loadCalendarSchemas().catch(() => undefined), []);

  async function check() {
    const values = {
      nom,
      categorie,
      date,
      date_fin: dateFin || null,
      description,
      ...centres.values,
    };
    const schemas = await loadCalendarSchemas().catch(() => null);
    if (!schemas) {
      form.setAlert("Une erreur s'est produite. Réessayez.");
      return null;
    }
    return form.check(() => schemas.staffHolidayCreateRequest, values);
  }

  return (
    <StaffForm form={form} onSubmit={() => form.submit(check, onSave)}>
      <TextField
        label="Nom"
        name="nom"
        value={nom}
        onChange={setNom}
        error={form.errors.nom}
        disabled={sending}
        maxLength={200}
      />
      <SelectField
        label="Catégorie"
        name="categorie"
        value={categorie}
        onChange={setCategorie}
        options={
          allowAll ? HOLIDAY_KIND_OPTIONS : HOLIDAY_KIND_OPTIONS.filter((o) => CLOSURE_KINDS.some((k) => k === o.value))
        }
        error={form.errors.categorie}
        disabled={sending || holiday !== undefined}
        hint={holiday ? "La catégorie d'un jour enregistré ne change pas." : undefined}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date (ou premier jour)"
          name="date"
          type="date"
          value={date}
          onChange={setDate}
          error={form.errors.date}
          disabled={sending}
        />
        <TextField
          label="Dernier jour (facultatif)"
          name="date_fin"
          type="date"
          value={dateFin}
          onChange={setDateFin}
          error={form.errors.date_fin}
          disabled={sending}
        />
      </div>
      <TextAreaField
        label="Description"
        name="description"
        value={description}
        onChange={setDescription}
        error={form.errors.description}
        disabled={sending}
        maxLength={5000}
        rows={3}
      />
      <CentresField
        choice={centres}
        errors={form.errors}
        disabled={sending}
        allowAll={allowAll}
        limitedBy="create:jours-feries"
      />
      <FormActions onCancel={onCancel} busy={sending}>
        {sending ? "Enregistrement…" : holiday ? "Enregistrer" : "Ajouter"}
      </FormActions>
    </StaffForm>
  );
}
