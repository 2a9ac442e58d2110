import {
  type ClosureRequest,
  type ClosureResponse,
  type CohortStudent,
  LEAVING_REASON_LABELS,
  SCHOOL_YEAR_MESSAGES,
  type SchoolYearRow,
  schoolYearLabel,
} from "@puerta/contract";
import { useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { FormAlert, SelectField, TextField } from "../../../components/form-fields.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { serverFieldErrors, staffErrorMessage } from "../../../lib/staff-api.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import { useCentres, useCloseYear, useClosurePreview, useCohort, usePlaces, useYears } from "./api.ts";

type Place = "centre_id" | "option_id" | "filiere_id";
type Change = Partial<Record<Place, number | null>>;
type Step = "choix" | "apercu" | "confirmation";

const STEPS: { step: Step; label: string }[] = [
  { step: "choix", label: "Qui continue" },
  { step: "apercu", label: "Aperçu" },
  { step: "confirmation", label: "Confirmation" },
];

/** How many students step 1 shows at once (a whole cohort is ticked by its filters, not scrolled). */
const SHOWN_AT_ONCE = 100;
const UNCHANGED = "";
const NONE = "aucun";

/**
 * /gestion/annees/{id}/cloture (direction, docs/spec/school-year-and-data.md section 2): who
 * continues into the next year (nobody by default; by filters and ticks, with their new centre,
 * option and filière), a preview that writes nothing, then the closure itself.
 */
export default function ClosurePage() {
  const id = Number(useParams().id);
  const years = useYears();
  const year = years.data?.data.find((row) => row.id === id);
  const title = year ? `Clôturer l'année ${year.label}` : "Clôturer l'année";
  return (
    <StaffPage
      title={title}
      crumbs={[{ label: "Années scolaires", to: "/gestion/annees" }, { label: title }]}
      permission="update:annees"
    >
      {years.isPending && <Spinner label="Chargement de l'année…" showLabel />}
      {years.isError && <FormAlert>{staffErrorMessage(years.error)}</FormAlert>}
      {years.data && !year && <FormAlert>{SCHOOL_YEAR_MESSAGES.unknownYear}</FormAlert>}
      {year && <Closure year={year} />}
    </StaffPage>
  );
}

function Closure({ year }: { year: SchoolYearRow }) {
  const nextLabel = schoolYearLabel(Number(year.label.slice(0, 4)) + 1);
  const [step, setStep] = useState<Step>("choix");
  const [continuing, setContinuing] = useState<ReadonlySet<number>>(new Set());
  const [changes, setChanges] = useState<ReadonlyMap<number, Change>>(new Map());
  const [result, setResult] = useState<ClosureResponse | null>(null);

  const body: ClosureRequest = {
    continuent: [...continuing],
    changements: [...changes.entries()]
      .filter(([student]) => continuing.has(student))
      .map(([etudiant_id, change]) => ({ etudiant_id, ...change })),
  };

  if (year.statut !== "en_cours" && !result) {
    return (
      <FormAlert>
        {year.statut === "cloturee"
          ? SCHOOL_YEAR_MESSAGES.alreadyClosed(year.label)
          : SCHOOL_YEAR_MESSAGES.notCurrent(year.label)}
      </FormAlert>
    );
  }
  return (
    <div className="grid gap-6">
      <ol aria-label="Étapes de la clôture" className="flex flex-wrap gap-2 text-sm">
        {STEPS.map((item, index) => (
          <li
            key={item.step}
            aria-current={item.step === step ? "step" : undefined}
            className={`rounded-full px-3 py-1 font-semibold ${item.step === step ? "bg-brand-600 text-white" : "bg-gray-100 text-gray-800"}`}
          >
            {index + 1}. {item.label}
          </li>
        ))}
      </ol>
      {step === "choix" && (
        <ChooseStep
          year={year}
          nextLabel={nextLabel}
          continuing={continuing}
          onContinuing={setContinuing}
          changes={changes}
          onChanges={setChanges}
          onNext={() => setStep("apercu")}
        />
      )}
      {step === "apercu" && (
        <PreviewStep
          year={year}
          nextLabel={nextLabel}
          body={body}
          onBack={() => setStep("choix")}
          onConfirm={() => setStep("confirmation")}
        />
      )}
      {step === "confirmation" && (
        <ConfirmStep year={year} body={body} result={result} onDone={setResult} onBack={() => setStep("apercu")} />
      )}
    </div>
  );
}

function useNames() {
  const centres = useCentres();
  const places = usePlaces();
  return useMemo(() => {
    const centre = new Map((centres.data?.data ?? []).map((c) => [c.id, c.name]));
    const option = new Map((places.data?.options ?? []).map((o) => [o.id, o.nom]));
    const filiere = new Map((places.data?.filieres ?? []).map((f) => [f.id, f.nom]));
    return {
      loaded: Boolean(centres.data && places.data),
      centre,
      option,
      filiere,
      of: (place: Place, id: number | null | undefined) =>
        id == null ? "—" : ((place === "centre_id" ? centre : place === "option_id" ? option : filiere).get(id) ?? "—"),
    };
  }, [centres.data, places.data]);
}

const optionsOf = (names: Map<number, string>) =>
  [...names.entries()]
    .sort((a, b) => a[1].localeCompare(b[1], "fr"))
    .map(([value, label]) => ({ value: String(value), label }));

function ChooseStep({
  year,
  nextLabel,
  continuing,
  onContinuing,
  changes,
  onChanges,
  onNext,
}: {
  year: SchoolYearRow;
  nextLabel: string;
  continuing: ReadonlySet<number>;
  onContinuing: (next: ReadonlySet<number>) => void;
  changes: ReadonlyMap<number, Change>;
  onChanges: (next: ReadonlyMap<number, Change>) => void;
  onNext: () => void;
}) {
  const cohort = useCohort(year.id);
  const names = useNames();
  const [filters, setFilters] = useState<Record<Place, string> & { q: string }>({
    centre_id: "",
    option_id: "",
    filiere_id: "",
    q: "",
  });
  const [shown, setShown] = useState(SHOWN_AT_ONCE);
  const [newPlaces, setNewPlaces] = useState<Record<Place, string>>({
    centre_id: UNCHANGED,
    option_id: UNCHANGED,
    filiere_id: UNCHANGED,
  });

  const matching = useMemo(() => {
    const words = filters.q.trim().toLocaleLowerCase("fr").split(/\s+/).filter(Boolean);
    return (cohort.data?.data ?? []).filter((student) => {
      for (const place of ["centre_id", "option_id", "filiere_id"] as const) {
        if (filters[place] && String(student[place] ?? "") !== filters[place]) return false;
      }
      const text = `${student.nom} ${student.prenom} ${student.numero_etudiant}`.toLocaleLowerCase("fr");
      return words.every((word) => text.includes(word));
    });
  }, [cohort.data, filters]);

  const tick = (ids: readonly number[], on: boolean) => {
    const next = new Set(continuing);
    for (const student of ids) {
      if (on) next.add(student);
      else next.delete(student);
    }
    onContinuing(next);
  };
  const ticked = matching.filter((student) => continuing.has(student.id));

  const applyPlaces = () => {
    const change: Change = {};
    for (const place of ["centre_id", "option_id", "filiere_id"] as const) {
      const value = newPlaces[place];
      if (value === UNCHANGED) continue;
      change[place] = value === NONE ? null : Number(value);
    }
    const next = new Map(changes);
    for (const student of continuing) next.set(student, { ...next.get(student), ...change });
    onChanges(next);
  };

  if (cohort.isPending || !names.loaded) return <Spinner label="Chargement des étudiants inscrits…" showLabel />;
  if (cohort.isError) return <FormAlert>{staffErrorMessage(cohort.error)}</FormAlert>;
  const total = cohort.data.data.length;
  const filterSelect = (place: Place, label: string, source: Map<number, string>) => (
    <SelectField
      label={label}
      name={place}
      value={filters[place]}
      onChange={(value) => {
        setFilters({ ...filters, [place]: value });
        setShown(SHOWN_AT_ONCE);
      }}
      options={optionsOf(source)}
      placeholder="Tous"
    />
  );
  const placeSelect = (place: Place, label: string, source: Map<number, string>) => (
    <SelectField
      label={label}
      name={`nouveau_${place}`}
      value={newPlaces[place]}
      onChange={(value) => setNewPlaces({ ...newPlaces, [place]: value })}
      options={[{ value: NONE, label: "Aucun(e)" }, ...optionsOf(source)]}
      placeholder="Inchangé"
    />
  );
  return (
    <section aria-labelledby="etape-choix" className="grid gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <div>
        <h2 id="etape-choix" className="text-lg font-bold text-ink">
          Qui continue en {nextLabel} ?
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Personne par défaut : les {total} inscrits de {year.label} deviennent anciens élèves (
          {LEAVING_REASON_LABELS.fin_de_formation}), sauf ceux que vous cochez.
        </p>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="sr-only">Filtrer les inscrits</legend>
        {filterSelect("centre_id", "Centre", names.centre)}
        {filterSelect("option_id", "Option", names.option)}
        {filterSelect("filiere_id", "Filière", names.filiere)}
        <TextField
          label="Rechercher (nom, numéro)"
          name="q"
          value={filters.q}
          onChange={(q) => {
            setFilters({ ...filters, q });
            setShown(SHOWN_AT_ONCE);
          }}
        />
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={matching.length === 0 || ticked.length === matching.length}
          onClick={() =>
            tick(
              matching.map((student) => student.id),
              true,
            )
          }
        >
          Cocher les {matching.length} étudiant(s) filtrés
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={ticked.length === 0}
          onClick={() =>
            tick(
              matching.map((student) => student.id),
              false,
            )
          }
        >
          Décocher les filtrés
        </button>
        <p role="status" className="text-sm font-semibold text-ink">
          {continuing.size} étudiant(s) continuent en {nextLabel}
        </p>
      </div>
      <StudentChoices
        students={matching.slice(0, shown)}
        continuing={continuing}
        changes={changes}
        onTick={(student, on) => tick([student], on)}
        placeOf={names.of}
        nextLabel={nextLabel}
      />
      {matching.length > shown && (
        <button type="button" className={secondaryButtonClass} onClick={() => setShown(shown + SHOWN_AT_ONCE)}>
          Afficher {Math.min(SHOWN_AT_ONCE, matching.length - shown)} étudiant(s) de plus ({matching.length - shown}{" "}
          restants)
        </button>
      )}
      {continuing.size > 0 && (
        <fieldset className="grid gap-3 rounded-lg border border-gray-200 p-4 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="px-1 text-sm font-bold text-ink">
            En {nextLabel}, pour les {continuing.size} étudiant(s) qui continuent
          </legend>
          {placeSelect("centre_id", "Nouveau centre", names.centre)}
          {placeSelect("option_id", "Nouvelle option", names.option)}
          {placeSelect("filiere_id", "Nouvelle filière", names.filiere)}
          <div className="flex items-end">
            <button type="button" className={secondaryButtonClass} onClick={applyPlaces}>
              Appliquer aux {continuing.size} étudiant(s)
            </button>
          </div>
        </fieldset>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/gestion/annees" className={secondaryButtonClass}>
          Annuler
        </Link>
        <button type="button" className={primaryButtonClass} onClick={onNext}>
          Voir l'aperçu
        </button>
      </div>
    </section>
  );
}

function StudentChoices({
  students,
  continuing,
  changes,
  onTick,
  placeOf,
  nextLabel,
}: {
  students: readonly CohortStudent[];
  continuing: ReadonlySet<number>;
  changes: ReadonlyMap<number, Change>;
  onTick: (student: number, on: boolean) => void;
  placeOf: (place: Place, id: number | null | undefined) => string;
  nextLabel: string;
}) {
  if (students.length === 0) return <p className="text-sm text-gray-700">Aucun inscrit ne correspond à ces filtres.</p>;
  return (
    <ul aria-label="Inscrits" className="divide-y divide-gray-100 rounded-lg border border-gray-200">
      {students.map((student) => {
        const on = continuing.has(student.id);
        const change = changes.get(student.id);
        const now = (place: Place) => placeOf(place, student[place]);
        const then = (place: Place) => placeOf(place, change && place in change ? change[place] : student[place]);
        const moves = on && change && Object.keys(change).length > 0;
        return (
          <li key={student.id} className="flex flex-wrap items-start gap-3 p-3">
            <input
              id={`continue-${student.id}`}
              type="checkbox"
              checked={on}
              onChange={(event) => onTick(student.id, event.target.checked)}
              className="mt-1 size-4 accent-brand-600"
            />
            {/* A name or number without a break (a pasted address, markup) wraps rather than widening a phone's page. */}
            <label htmlFor={`continue-${student.id}`} className="min-w-0 flex-1 wrap-anywhere">
              <span className="block font-semibold text-ink">
                {student.prenom} {student.nom}
              </span>
              <span className="block text-sm text-gray-700">
                {student.numero_etudiant} · {now("centre_id")} · {now("option_id")} · {now("filiere_id")}
              </span>
              {moves && (
                <span className="block text-sm font-semibold text-brand-800">
                  En {nextLabel} : {then("centre_id")} · {then("option_id")} · {then("filiere_id")}
                </span>
              )}
            </label>
          </li>
        );
      })}
    </ul>
  );
}

function PreviewStep({
  year,
  nextLabel,
  body,
  onBack,
  onConfirm,
}: {
  year: SchoolYearRow;
  nextLabel: string;
  body: ClosureRequest;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const preview = useClosurePreview(year.id, body);
  return (
    <section aria-labelledby="etape-apercu" className="grid gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <h2 id="etape-apercu" className="text-lg font-bold text-ink">
        Aperçu de la clôture de {year.label}
      </h2>
      {preview.isPending && <Spinner label="Calcul de l'aperçu…" showLabel />}
      {preview.isError && (
        <FormAlert>{Object.values(serverFieldErrors(preview.error))[0] ?? staffErrorMessage(preview.error)}</FormAlert>
      )}
      {preview.data && (
        <>
          <dl className="grid gap-3 sm:grid-cols-2">
            <div className="rounded-lg bg-gray-50 p-4">
              <dt className="text-sm text-gray-700">Continuent en {nextLabel}</dt>
              <dd className="text-3xl font-extrabold text-ink">{preview.data.continuent}</dd>
            </div>
            <div className="rounded-lg bg-gray-50 p-4">
              <dt className="text-sm text-gray-700">
                Deviennent anciens élèves ({LEAVING_REASON_LABELS.fin_de_formation})
              </dt>
              <dd className="text-3xl font-extrabold text-ink">{preview.data.anciens_eleves}</dd>
            </div>
          </dl>
          <ul className="list-disc space-y-1 pl-5 text-sm text-gray-800">
            <li>
              {nextLabel} devient l'année en cours{preview.data.nouvelle_annee.id === null ? " (elle est créée)" : ""},
              avec ses jours fériés générés.
            </li>
            <li>
              Les anciens élèves gardent leur compte : ils se connectent à un espace réduit (attestations, profil, mot
              de passe).
            </li>
            <li>
              Les plannings, notifications et événements de {year.label} quittent les listes des étudiants ; le
              personnel les retrouve sous le filtre Année, en lecture seule, avec « Republier ».
            </li>
            <li>Les demandes, attestations et acceptations de la politique restent avec chaque étudiant.</li>
          </ul>
          <p className="text-sm text-gray-700">Rien n'est encore enregistré.</p>
        </>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onBack}>
          Retour
        </button>
        <button type="button" className={primaryButtonClass} disabled={!preview.data} onClick={onConfirm}>
          Continuer vers la confirmation
        </button>
      </div>
    </section>
  );
}

function ConfirmStep({
  year,
  body,
  result,
  onDone,
  onBack,
}: {
  year: SchoolYearRow;
  body: ClosureRequest;
  result: ClosureResponse | null;
  onDone: (result: ClosureResponse) => void;
  onBack: () => void;
}) {
  const toast = useToast();
  const close = useCloseYear();
  const [error, setError] = useState<string | null>(null);
  if (result) {
    return (
      <section aria-labelledby="etape-fin" className="grid gap-4 rounded-xl border border-gray-200 bg-white p-5">
        <h2 id="etape-fin" className="text-lg font-bold text-ink">
          {SCHOOL_YEAR_MESSAGES.closed(year.label, result.nouvelle_annee.label)}
        </h2>
        <p className="text-gray-800">
          {result.continuent} étudiant(s) continuent en {result.nouvelle_annee.label} ; {result.anciens_eleves} sont
          maintenant anciens élèves.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link
            className={secondaryButtonClass}
            to={`/gestion/etudiants?promotion=${year.label}&statut_scolaire=ancien_eleve`}
          >
            Voir les anciens élèves de {year.label}
          </Link>
          <Link className={primaryButtonClass} to="/gestion/annees">
            Retour aux années
          </Link>
        </div>
      </section>
    );
  }
  const confirm = async () => {
    setError(null);
    try {
      const done = await close.mutateAsync({ id: year.id, body });
      toast({ title: SCHOOL_YEAR_MESSAGES.closed(year.label, done.nouvelle_annee.label) });
      onDone(done);
    } catch (failure) {
      setError(staffErrorMessage(failure));
    }
  };
  return (
    <section aria-labelledby="etape-confirmation" className="grid gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <h2 id="etape-confirmation" className="text-lg font-bold text-ink">
        Confirmer la clôture de {year.label}
      </h2>
      <p className="text-gray-800">
        {body.continuent.length} étudiant(s) continuent ; tous les autres inscrits de {year.label} deviennent anciens
        élèves. La clôture est enregistrée en une fois : si elle est interrompue, rien n'a changé et vous pouvez la
        relancer.
      </p>
      {close.isPending && (
        <div className="grid gap-2">
          <progress aria-label="Clôture en cours" className="h-2 w-full accent-brand-600" />
          <Spinner label="Clôture en cours…" showLabel />
        </div>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} disabled={close.isPending} onClick={onBack}>
          Retour
        </button>
        <button type="button" className={primaryButtonClass} disabled={close.isPending} onClick={confirm}>
          {error ? "Réessayer" : `Clôturer l'année ${year.label}`}
        </button>
      </div>
    </section>
  );
}
