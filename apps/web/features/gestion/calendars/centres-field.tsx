import { useQuery } from "@tanstack/react-query";
import { CheckboxGroupField } from "../../../components/form-fields.tsx";
import { useStaffUser } from "../session/staff-session.ts";
import { centresQuery } from "../shared/centres.ts";

/**
 * "Tous les centres" or some centres (docs/spec/back-office.md section 5). For events a
 * secretary is offered her own centres only; the server refuses anything else with 403 anyway.
 */
export function CentresField({
  all,
  onAllChange,
  centreIds,
  onCentresChange,
  error,
  disabled,
  allowAll,
  ownCentresOnly = false,
}: {
  all: boolean;
  onAllChange: (all: boolean) => void;
  centreIds: number[];
  onCentresChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
  /** Whether this person may target every centre. */
  allowAll: boolean;
  /** Offer a secretary only her centres (events; holidays are not scoped, permissions.ts). */
  ownCentresOnly?: boolean;
}) {
  const me = useStaffUser();
  const centres = useQuery(centresQuery);
  const options = (centres.data?.data ?? [])
    .filter((centre) => !ownCentresOnly || me.role !== "secretariat" || me.centre_ids.includes(centre.id))
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
            onChange={(event) => onAllChange(event.target.checked)}
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
          onChange={onCentresChange}
          error={error}
          disabled={disabled}
        />
      )}
    </div>
  );
}
