import {
  AUDIENCE_TYPE_LABELS,
  AUDIENCE_TYPES,
  AUDIENCE_TYPES_WITH_CENTRES,
  type AudienceStudent,
  type AudienceType,
  centreLimit,
} from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { secondaryButtonClass } from "../../../components/button-styles.ts";
import { CheckboxGroupField, inputClass, SelectField } from "../../../components/form-fields.tsx";
import { useStaffUser } from "../session/staff-session.ts";
import {
  audienceChoicesQuery,
  audienceCountQuery,
  audienceStudentSearchQuery,
  audienceStudentsByIdQuery,
} from "./api.ts";

/** `centre_ids` narrows an option or filière audience to some centres (none: every centre). */
export type AudienceValue = { type: AudienceType | ""; ids: number[]; centre_ids: number[] };

const NARROWABLE: readonly string[] = AUDIENCE_TYPES_WITH_CENTRES;

const SEARCH_DELAY_MS = 250;

/** "212 étudiants la recevront"; "Aucun étudiant ne la recevra : <why>" when the server says why. */
export const recipientsSentence = (count: number, why?: string | null) =>
  count === 0
    ? why
      ? `Aucun étudiant ne la recevra : ${why}`
      : "Aucun étudiant ne la recevra"
    : count === 1
      ? "1 étudiant la recevra"
      : `${count.toLocaleString("fr-FR")} étudiants la recevront`;

/**
 * Who receives it (docs/spec/back-office.md section 5): everyone, centres, options, filières, or
 * students picked with a search; the number of recipients is counted live by the server, with
 * the same rule as the students' own list. The secretariat is offered only what stays inside her
 * centres (centres, her students).
 */
export function AudienceBuilder({
  value,
  onChange,
  error,
  disabled,
}: {
  value: AudienceValue;
  onChange: (value: AudienceValue) => void;
  error?: string;
  disabled?: boolean;
}) {
  const me = useStaffUser();
  const choices = useQuery(audienceChoicesQuery);
  // Who is limited to centres (the secretariat) reaches options and filières inside them only: she names them.
  const secretariat = centreLimit(me, "create:notifications") !== null;
  const types = secretariat ? (["centre", "option", "filiere", "etudiant_specifique"] as const) : AUDIENCE_TYPES;
  const narrowable = NARROWABLE.includes(value.type);
  const complete =
    value.type === "tous" ||
    (value.type !== "" && value.ids.length > 0 && (!secretariat || !narrowable || value.centre_ids.length > 0));
  const count = useQuery({
    ...audienceCountQuery({
      type: value.type as AudienceType,
      ids: value.ids,
      centre_ids: narrowable ? value.centre_ids : [],
    }),
    enabled: complete,
  });
  const pick = (source: { id: number; name: string }[] | undefined) =>
    (source ?? []).map((item) => ({ value: item.id, label: item.name }));

  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-gray-200 p-4" disabled={disabled}>
      <legend className="px-1 text-base font-bold text-ink">Audience</legend>
      <SelectField
        label="Destinataires"
        name="audience_type"
        value={value.type}
        onChange={(type) => onChange({ type: type as AudienceType, ids: [], centre_ids: [] })}
        options={types.map((type) => ({ value: type, label: AUDIENCE_TYPE_LABELS[type] }))}
        placeholder="Choisissez les destinataires"
        error={value.type === "" ? error : undefined}
      />
      {value.type === "centre" && (
        <CheckboxGroupField
          legend="Centres"
          name="centre_ids"
          options={pick(choices.data?.centres)}
          value={value.ids}
          onChange={(ids) => onChange({ ...value, ids })}
          error={error}
        />
      )}
      {value.type === "option" && (
        <CheckboxGroupField
          legend="Options"
          name="option_ids"
          options={pick(choices.data?.options)}
          value={value.ids}
          onChange={(ids) => onChange({ ...value, ids })}
          error={error}
        />
      )}
      {value.type === "filiere" && (
        <CheckboxGroupField
          legend="Filières"
          name="filiere_ids"
          options={pick(choices.data?.filieres)}
          value={value.ids}
          onChange={(ids) => onChange({ ...value, ids })}
          error={error}
        />
      )}
      {narrowable && (
        <CheckboxGroupField
          legend={secretariat ? "Dans vos centres" : "Dans les centres (aucun coché : tous les centres)"}
          name="audience_centre_ids"
          options={pick(choices.data?.centres)}
          value={value.centre_ids}
          onChange={(centre_ids) => onChange({ ...value, centre_ids })}
          error={secretariat && value.ids.length > 0 && value.centre_ids.length === 0 ? error : undefined}
        />
      )}
      {value.type === "etudiant_specifique" && (
        <StudentPicker ids={value.ids} onChange={(ids) => onChange({ ...value, ids })} error={error} />
      )}
      <p aria-live="polite" className="text-sm font-semibold text-ink">
        {!complete
          ? secretariat && narrowable && value.ids.length > 0
            ? "Cochez au moins un de vos centres pour voir combien la recevront."
            : "Choisissez les destinataires pour voir combien la recevront."
          : count.data
            ? recipientsSentence(count.data.count, count.data.why)
            : count.isError
              ? "Le nombre de destinataires n'a pas pu être calculé."
              : "Calcul du nombre de destinataires…"}
      </p>
    </fieldset>
  );
}

function StudentPicker({ ids, onChange, error }: { ids: number[]; onChange: (ids: number[]) => void; error?: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [known, setKnown] = useState<Record<number, AudienceStudent>>({});
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({ ...audienceStudentSearchQuery(q), enabled: q.length >= 2 });
  // The names of students already chosen (an edited notification comes with ids only).
  const missing = ids.filter((studentId) => !known[studentId]);
  const chosen = useQuery({ ...audienceStudentsByIdQuery(missing), enabled: missing.length > 0 });
  useEffect(() => {
    if (!chosen.data) return;
    setKnown((current) => ({ ...current, ...Object.fromEntries(chosen.data.data.map((s) => [s.id, s])) }));
  }, [chosen.data]);

  const add = (student: AudienceStudent) => {
    setKnown((current) => ({ ...current, [student.id]: student }));
    if (!ids.includes(student.id)) onChange([...ids, student.id]);
  };
  const label = (student: AudienceStudent) =>
    `${student.name} (${student.student_id}${student.centre ? `, ${student.centre}` : ""})`;
  /** A deactivated account can be picked (an edited audience keeps it) but is told apart: it receives nothing. */
  const deactivatedNote = (student: AudienceStudent | undefined) =>
    student?.desactive ? (
      <span className="ml-1 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">
        compte désactivé, ne la recevra pas
      </span>
    ) : null;

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
          Rechercher un étudiant
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Nom, prénom ou matricule (2 caractères au moins)"
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          className={inputClass}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-brand-700">
            {error}
          </p>
        )}
      </div>
      {q.length >= 2 && (
        <section aria-label="Résultats de la recherche">
          {results.data && results.data.data.length === 0 && (
            <p className="text-sm text-gray-700">Aucun étudiant ne correspond à « {q} ».</p>
          )}
          <ul className="space-y-1">
            {results.data?.data.map((student) => (
              <li key={student.id} className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 break-words">
                  {label(student)}
                  {deactivatedNote(student)}
                </span>
                <button
                  type="button"
                  onClick={() => add(student)}
                  disabled={ids.includes(student.id)}
                  className={secondaryButtonClass}
                >
                  {ids.includes(student.id) ? "Ajouté" : "Ajouter"}
                  <span className="sr-only"> {student.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Étudiants choisis">
        <p className="text-sm font-semibold text-ink">
          {ids.length === 0
            ? "Aucun étudiant choisi."
            : `${ids.length} étudiant${ids.length > 1 ? "s" : ""} choisi${ids.length > 1 ? "s" : ""} :`}
        </p>
        <ul className="mt-1 flex flex-wrap gap-2">
          {ids.map((studentId) => {
            const student = known[studentId];
            return (
              <li
                key={studentId}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-ink"
              >
                {student ? student.name : `Étudiant n° ${studentId}`}
                {deactivatedNote(student)}
                <button
                  type="button"
                  onClick={() => onChange(ids.filter((other) => other !== studentId))}
                  className="rounded-full p-1 hover:bg-brand-100"
                >
                  <X aria-hidden="true" className="size-4" />
                  <span className="sr-only">Retirer {student ? student.name : `l'étudiant n° ${studentId}`}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
