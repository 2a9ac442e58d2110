import { MONTH_OPTIONS, type MonthFilter as MonthValue } from "@puerta/contract";

type Props = {
  value: MonthValue;
  onChange: (month: MonthValue) => void;
  /** The buttons are disabled while the list loads (docs/spec/student-portal.md section 2). */
  disabled?: boolean;
  /** Names the group for screen readers, e.g. "Filtrer les événements par mois". */
  label: string;
};

/** 'Tous les mois' then Janvier to Décembre, as toggle buttons: the pressed one is the filter. */
export function MonthFilter({ value, onChange, disabled = false, label }: Props) {
  return (
    <fieldset className="mt-6">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {MONTH_OPTIONS.map((option) => {
          const selected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={selected}
              disabled={disabled}
              onClick={() => onChange(option.value)}
              className={`rounded-full border px-3.5 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
                selected
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-gray-300 bg-white text-gray-800 hover:border-brand-600 hover:text-brand-700"
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
