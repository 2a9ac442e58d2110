import {
  can,
  centreLimit,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  EVERY_CENTRE,
  STAFF_EVENT_FIELDS,
  type StaffEvent,
  type StaffEventCreateRequest,
} from "@puerta/contract";
import { type ReactNode, useEffect, useState } from "react";
import { SelectField, TextAreaField, TextField } from "../../../components/form-fields.tsx";
import { useStaffUser } from "../session/staff-session.ts";
import { FormActions, FormDialog, StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { loadCalendarSchemas } from "./api.ts";
import { CentresField, useCentresChoice } from "./centres-field.tsx";

export const EVENT_TYPE_OPTIONS = EVENT_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] }));

/** Publish an event or edit one (docs/spec/back-office.md section 5). */
export function EventFormDialog({
  event,
  open,
  onOpenChange,
  onSave,
  poster,
}: {
  event?: StaffEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (body: StaffEventCreateRequest) => Promise<unknown>;
  /** Under the form of a saved event: its poster. */
  poster?: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? `Modifier « ${event.nom} »` : "Publier un événement"}
      description="Les étudiants des centres concernés le voient dans leur calendrier parascolaire dès l'enregistrement."
    >
      {(close) => (
        <>
          {/* Keyed by the event: once created, the form starts again from the saved event. */}
          <EventForm key={event?.id ?? "new"} event={event} onCancel={close} onSave={onSave} />
          {poster}
        </>
      )}
    </FormDialog>
  );
}

function EventForm({
  event,
  onCancel,
  onSave,
}: {
  event?: StaffEvent;
  onCancel: () => void;
  onSave: (body: StaffEventCreateRequest) => Promise<unknown>;
}) {
  const me = useStaffUser();
  const form = useStaffForm(STAFF_EVENT_FIELDS);
  const sending = form.sending;
  // A secretary publishes for her centres; pedagogie and the direction for every centre by default.
  const allowAll = can(me, "create:parascolaire", EVERY_CENTRE);
  const mine = centreLimit(me, "create:parascolaire");
  const [nom, setNom] = useState(event?.nom ?? "");
  const [date, setDate] = useState(event?.date ?? "");
  const [start, setStart] = useState(event?.heure_debut ?? "");
  const [end, setEnd] = useState(event?.heure_fin ?? "");
  const [lieu, setLieu] = useState(event?.lieu ?? "");
  const [description, setDescription] = useState(event?.description ?? "");
  const [type, setType] = useState<string>(event?.type ?? "");
  const centres = useCentresChoice(
    event?.tous_centres ?? allowAll,
    event?.centre_ids ?? (mine?.length === 1 ? [...mine] : []),
  );
  // Fetched as the form opens, so that a first submit is checked at once.
  useEffect(() => void loadCalendarSchemas().catch(() => undefined), []);

  async function check() {
    const values = {
      nom,
      date,
      heure_debut: start || null,
      heure_fin: end || null,
      lieu,
      description,
      type,
      ...centres.values,
    };
    const schemas = await loadCalendarSchemas().catch(() => null);
    if (!schemas) {
      form.setAlert("Une erreur s'est produite. Réessayez.");
      return null;
    }
    return form.check(() => schemas.staffEventCreateRequest, values);
  }

  return (
    <StaffForm form={form} onSubmit={() => form.submit(check, onSave)}>
      <TextField
        label="Nom de l'événement"
        name="nom"
        value={nom}
        onChange={setNom}
        error={form.errors.nom}
        disabled={sending}
        maxLength={200}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Date"
          name="date"
          type="date"
          value={date}
          onChange={setDate}
          error={form.errors.date}
          disabled={sending}
        />
        <TextField
          label="Heure de début"
          name="heure_debut"
          type="time"
          value={start}
          onChange={setStart}
          error={form.errors.heure_debut}
          disabled={sending}
        />
        <TextField
          label="Heure de fin"
          name="heure_fin"
          type="time"
          value={end}
          onChange={setEnd}
          error={form.errors.heure_fin}
          disabled={sending}
        />
      </div>
      <TextField
        label="Lieu"
        name="lieu"
        value={lieu}
        onChange={setLieu}
        error={form.errors.lieu}
        disabled={sending}
        maxLength={200}
      />
      <SelectField
        label="Type"
        name="type"
        value={type}
        onChange={setType}
        options={EVENT_TYPE_OPTIONS}
        placeholder="Choisissez un type"
        error={form.errors.type}
        disabled={sending}
      />
      <TextAreaField
        label="Description"
        name="description"
        value={description}
        onChange={setDescription}
        error={form.errors.description}
        disabled={sending}
        maxLength={5000}
      />
      <CentresField
        choice={centres}
        errors={form.errors}
        disabled={sending}
        allowAll={allowAll || (event?.tous_centres ?? false)}
        limitedBy="create:parascolaire"
      />
      <FormActions
        onCancel={onCancel}
        busy={sending}
        submitDisabled={!can(me, event ? "update:parascolaire" : "create:parascolaire")}
      >
        {sending ? "Enregistrement…" : event ? "Enregistrer" : "Publier"}
      </FormActions>
    </StaffForm>
  );
}
