import {
  can,
  centreLimit,
  DATA_EXPORT_TEXT,
  ERASURE_MESSAGES,
  formatPhone,
  type StaffStudent,
  type StudentPreview,
} from "@puerta/contract";
import { type ReactNode, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { LoadFailed } from "../shared/load-failed.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import {
  type StudentAction,
  studentsApi,
  useEraseStudent,
  useStudentAction,
  useStudentDetail,
  useUpdateStudent,
} from "./api.ts";
import { ErasureDialog } from "./erasure-dialog.tsx";
import { leavingLabel, SchoolStatusBadge, StatusBadge } from "./status-badge.tsx";
import { StudentFormDialog } from "./student-form-dialog.tsx";
import { policyLabel } from "./students-page.tsx";

/** "de Aïcha" → "d'Aïcha": the French elision before a vowel or a mute h. */
export const ofName = (name: string) => (/^[aeiouyhàâäéèêëîïôöùûü]/i.test(name) ? `d'${name}` : `de ${name}`);

/** A request's kind and status as the certificate office names them, not their codes. */
const REQUEST_TYPES: Record<string, string> = { scolaire: "Attestation scolaire", langue: "Attestation de langue" };
const REQUEST_STATUSES: Record<string, string> = {
  "En Cours": "En cours",
  Disponible: "Disponible",
  Refuser: "Refusée",
};
export const requestLabel = (d: { type: string; niveau: string | null; langues: string[] }) =>
  `${REQUEST_TYPES[d.type] ?? d.type}${d.type === "langue" && d.niveau ? ` ${d.niveau}` : ""}${d.type === "scolaire" && d.langues.length > 0 ? ` (${d.langues.join(", ")})` : ""}`;

/** What each action asks before it runs (docs/spec/back-office.md section 3: destructive actions are confirmed). */
const CONFIRMATIONS: Record<
  StudentAction,
  { title: string; description: (s: StaffStudent) => string; confirm: string }
> = {
  invitation: {
    title: "Renvoyer l'invitation ?",
    description: (s) => `Un nouveau lien (valable 7 jours) part à ${s.email} ; le précédent ne fonctionnera plus.`,
    confirm: "Renvoyer",
  },
  reinitialisation: {
    title: "Envoyer un lien de réinitialisation ?",
    description: (s) => `${s.prenom} ${s.nom} recevra à ${s.email} un lien pour choisir un nouveau mot de passe.`,
    confirm: "Envoyer",
  },
  desactiver: {
    title: "Désactiver ce compte ?",
    description: (s) =>
      `Toutes les sessions ${ofName(`${s.prenom} ${s.nom}`)} seront fermées et ce compte ne permettra plus de se connecter ; les liens en cours ne fonctionneront plus. Vous pourrez réactiver le compte.`,
    confirm: "Désactiver",
  },
  reactiver: {
    title: "Réactiver ce compte ?",
    description: (s) => `${s.prenom} ${s.nom} pourra de nouveau se connecter.`,
    confirm: "Réactiver",
  },
};

/** /gestion/etudiants/{id}: a student's data, requests, notifications and policy acceptances, and "Voir comme l'étudiant". */
export default function StudentPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const me = useStaffUser();
  const toast = useToast();
  const detail = useStudentDetail(id, Number.isInteger(id) && id > 0 && can(me, "update:etudiants"));
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<StudentAction | null>(null);
  const [preview, setPreview] = useState<StudentPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [erasing, setErasing] = useState(false);
  const erase = useEraseStudent();
  const navigate = useNavigate();

  const student = detail.data?.student;
  const title = student ? `${student.prenom} ${student.nom}` : "Fiche étudiant";
  const studentAction = useStudentAction();
  const update = useUpdateStudent();

  async function act(action: StudentAction) {
    if (!student) return;
    try {
      const answer = await studentAction.mutateAsync({ id: student.id, action });
      toast({ title: answer.message, description: `${student.prenom} ${student.nom}` });
    } catch (error) {
      toast({ kind: "error", title: "L'action n'a pas abouti.", description: staffErrorMessage(error) });
    }
  }

  /** The direction's *Effacer les données*: the French answer, then back to the list (the fiche is gone). */
  async function eraseData(motif: string) {
    if (!student) return;
    const answer = await erase.mutateAsync({ id: student.id, motif });
    toast({ title: answer.message });
    setErasing(false);
    navigate("/gestion/etudiants");
  }

  async function showPreview() {
    if (!student) return;
    setPreviewing(true);
    try {
      setPreview(await studentsApi.preview(student.id));
    } catch (error) {
      toast({ kind: "error", title: "L'aperçu n'a pas pu être affiché.", description: staffErrorMessage(error) });
    } finally {
      setPreviewing(false);
    }
  }

  return (
    <StaffPage
      title={title}
      crumbs={[{ label: "Étudiants", to: "/gestion/etudiants" }, { label: title }]}
      permission="update:etudiants"
      actions={
        student && (
          <>
            <button type="button" onClick={() => setEditing(true)} className={primaryButtonClass}>
              Modifier
            </button>
            <button type="button" onClick={showPreview} disabled={previewing} className={secondaryButtonClass}>
              {previewing ? "Chargement…" : "Voir comme l'étudiant"}
            </button>
          </>
        )
      }
    >
      {detail.isPending && <Spinner label="Chargement de la fiche…" showLabel />}
      {detail.isError && (
        <LoadFailed
          error={detail.error}
          missing="Cette fiche étudiant n'existe pas."
          back={{ to: "/gestion/etudiants", label: "Retour aux étudiants" }}
        />
      )}
      {student && detail.data && (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Données">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <Item label="Statut">
                <StatusBadge statut={student.statut} />
              </Item>
              <Item label="Promotion">{student.promotion}</Item>
              <Item label="Statut scolaire">
                <SchoolStatusBadge student={student} />
                {leavingLabel(student) && <span className="ml-2 text-gray-700">{leavingLabel(student)}</span>}
              </Item>
              <Item label="E-mail">{student.email}</Item>
              <Item label="Téléphone">{formatPhone(student.telephone) || "—"}</Item>
              <Item label="CIN">{student.cin ?? "—"}</Item>
              <Item label="Numéro étudiant">{student.numero_etudiant}</Item>
              <Item label="Centre">{student.centre?.nom ?? "—"}</Item>
              <Item label="Filière">{student.filiere?.nom ?? "—"}</Item>
              <Item label="Option">{student.option?.nom ?? "—"}</Item>
              <Item label="Politique">{policyLabel(student)}</Item>
              <Item label="Dernière connexion">{formatDateTime(student.last_login_at)}</Item>
              <Item label="Créé le">{formatDateTime(student.created_at)}</Item>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              {student.statut === "invitation_envoyee" && (
                <button type="button" onClick={() => setConfirming("invitation")} className={secondaryButtonClass}>
                  Renvoyer l'invitation
                </button>
              )}
              {student.statut !== "desactive" && (
                <button
                  type="button"
                  onClick={() => setConfirming("reinitialisation")}
                  className={secondaryButtonClass}
                >
                  Envoyer un lien de réinitialisation
                </button>
              )}
              {student.statut === "desactive" ? (
                <button type="button" onClick={() => setConfirming("reactiver")} className={secondaryButtonClass}>
                  Réactiver
                </button>
              ) : (
                <button type="button" onClick={() => setConfirming("desactiver")} className={secondaryButtonClass}>
                  Désactiver
                </button>
              )}
              {can(me, "export:etudiants") && (
                <a
                  href={studentsApi.dataExportUrl(student.id)}
                  download
                  title={DATA_EXPORT_TEXT.staffHint}
                  className={secondaryButtonClass}
                >
                  {DATA_EXPORT_TEXT.staffButton}
                </a>
              )}
              {can(me, "delete:donnees-personnelles") && (
                <button type="button" onClick={() => setErasing(true)} className={secondaryButtonClass}>
                  {ERASURE_MESSAGES.buttonLabel}
                </button>
              )}
            </div>
          </Card>
          <Card title="Demandes d'attestation">
            <SimpleList
              empty="Aucune demande."
              items={detail.data.demandes.map((d) => ({
                key: d.id,
                main: requestLabel(d),
                side: `${REQUEST_STATUSES[d.status] ?? d.status} · ${formatDateTime(d.created_at)}`,
              }))}
            />
          </Card>
          <Card title="Notifications reçues">
            <SimpleList
              empty="Aucune notification."
              items={detail.data.notifications.map((n) => ({
                key: n.id,
                main: n.titre,
                side: `${n.lue ? "Lue" : "Non lue"} · ${formatDateTime(n.created_at)}`,
              }))}
            />
          </Card>
          <Card title="Acceptations de la politique">
            <SimpleList
              empty="Aucune acceptation."
              items={detail.data.acceptations.map((a) => ({
                key: a.version,
                main: `Version ${a.version}`,
                side: formatDateTime(a.accepted_at),
              }))}
            />
          </Card>
        </div>
      )}
      {student && (
        <StudentFormDialog
          student={student}
          open={editing}
          onOpenChange={setEditing}
          centreIds={centreLimit(me, "update:etudiants") ?? undefined}
          onSave={async (body) => {
            const saved = await update.mutateAsync({ id: student.id, body });
            toast({ title: "Fiche modifiée.", description: `${saved.prenom} ${saved.nom} · ${saved.email}` });
            setEditing(false);
          }}
        />
      )}
      {student && (
        <ModalDialog
          wide
          open={preview !== null}
          onOpenChange={(open) => open || setPreview(null)}
          title={`Ce que voit ${student.prenom} ${student.nom}`}
          description="Aperçu en lecture seule ; cette consultation est inscrite au journal."
        >
          {preview && <PreviewLists preview={preview} />}
        </ModalDialog>
      )}
      {student && (
        <ErasureDialog open={erasing} onOpenChange={setErasing} studentId={student.id} onConfirm={eraseData} />
      )}
      {student && confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => open || setConfirming(null)}
          title={CONFIRMATIONS[confirming].title}
          description={CONFIRMATIONS[confirming].description(student)}
          confirmLabel={CONFIRMATIONS[confirming].confirm}
          destructive={confirming === "desactiver"}
          onConfirm={() => act(confirming)}
        />
      )}
    </StaffPage>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5">
      <h2 className="mb-3 text-lg font-bold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-gray-700">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </>
  );
}

function SimpleList({ items, empty }: { items: { key: number; main: string; side: string }[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-gray-700">{empty}</p>;
  return (
    <ul className="divide-y divide-gray-100 text-sm">
      {items.map((item) => (
        <li key={item.key} className="flex flex-wrap justify-between gap-2 py-2">
          <span className="text-ink">{item.main}</span>
          {item.side && <span className="text-gray-700">{item.side}</span>}
        </li>
      ))}
    </ul>
  );
}

/** "Voir comme l'étudiant": the three lists of the student area, read-only. */
function PreviewLists({ preview }: { preview: StudentPreview }) {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <section>
        <h3 className="font-semibold text-ink">Planning</h3>
        <SimpleList
          empty="Aucun planning."
          items={preview.planning.map((p) => ({ key: p.id, main: p.titre, side: p.centre.nom }))}
        />
      </section>
      <section>
        <h3 className="font-semibold text-ink">Supports de cours</h3>
        <SimpleList
          empty={preview.documents.message}
          items={Object.values(preview.documents.data.cours_par_niveau)
            .flat()
            .map((d) => ({ key: d.id, main: d.titre, side: "" }))}
        />
      </section>
      <section>
        <h3 className="font-semibold text-ink">Notifications</h3>
        <SimpleList
          empty="Aucune notification."
          items={preview.notifications.map((n) => ({
            key: n.id,
            main: n.titre,
            side: n.viewed_by.length > 0 ? "Lue" : "Non lue",
          }))}
        />
      </section>
    </div>
  );
}
