import { centreLimit, type Permission } from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CheckboxGroupField } from "../../../components/form-fields.tsx";
import { useStaffUser } from "../session/staff-session.ts";
import { centresLabel, centresQuery } from "../shared/api.ts";

/** The state of a CentresField, and the request's `tous_centres` and `centre_ids` from it. */
export function useCentresChoice(initialAll: boolean, initialIds: number[]) {
  const [all, setAll] = useState(initialAll);
  const [centreIds, setCentreIds] = useState(initialIds);
  return { all, setAll, centreIds, setCentreIds, values: { tous_centres: all, centre_ids: all ? [] : centreIds } };
}

/**
 * "Tous les centres" or some centres (docs/spec/back-office.md section 5). For events a
 * secretary is offered her own centres only; the server refuses anything else with 403 anyway.
 */
export function CentresField({
  choice: { all, setAll, centreIds, setCentreIds },
  errors,
  disabled,
  allowAll,
  limitedBy,
}: {
  choice: ReturnType<typeof useCentresChoice>;
  /** The form's errors: the field shows those of `centre_ids` and `tous_centres`. */
  errors: { centre_ids?: string; tous_centres?: string };
  disabled?: boolean;
  /** Whether this person may target every centre. */
  allowAll: boolean;
  /** Offer only the centres this permission reaches (a secretary's own: events and closures, permissions.ts). */
  limitedBy?: Permission;
}) {
  const me = useStaffUser();
  const centres = useQuery(centresQuery);
  const mine = limitedBy ? centreLimit(me, limitedBy) : null;
  const options = (centres.data?.data ?? [])
    .filter((centre) => !mine || mine.includes(centre.id))
    .map((centre) => ({ value: centre.id, label: centre.name }));
  return (
    <div className="space-y-3">
      {allowAll && (
        <label className="inline-flex items-center gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            name="tous_centres"
            checked={all}
            disabled={disabled}
            onChange={(event) => setAll(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          Tous les centres
        </label>
      )}
      {!all && (
        <CheckboxGroupField
          legend="Centres concernés"
          name="centre_ids"
          options={options}
          value={centreIds}
          onChange={setCentreIds}
          error={errors.centre_ids ?? errors.tous_centres}
          disabled={disabled}
        />
      )}
    </div>
  );
}

/** A calendar list's "Centres" cell: "Tous les centres" or the names of those targeted. */
export function CentresCell({
  row,
  names,
}: {
  row: { tous_centres: boolean; centre_ids: readonly number[] };
  names: Map<number, string>;
}) {
  return (
    <span className="block min-w-28">
      {row.tous_centres ? "Tous les centres" : centresLabel(row.centre_ids, names)}
    </span>
  );
}
