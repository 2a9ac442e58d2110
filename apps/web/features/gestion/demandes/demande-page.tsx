import { CERTIFICATE_STATUS, type CertificateStaffDetail, can, CERTIFICATE_STAFF_TEXT as T } from "@puerta/contract";
import { Download } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { RecordView } from "../shared/record-view.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import {
  requestsApi,
  useChangeRequestStatus,
  useReissueRequest,
  useRequest,
  useRevokeRequest,
  useSignatory,
} from "./api.ts";
import { MotifDialog, type MotifKind } from "./motif-dialog.tsx";
import { requestLabel, StatusBadge } from "./status.tsx";

/** /gestion/demandes/:id: one request, its history, and what the office may do with it (docs/spec/back-office.md section 6). */
export default function DemandePage() {
  const { id = "" } = useParams();
  const me = useStaffUser();
  const valid = /^\d+$/.test(id);
  const request = useRequest(id, valid && can(me, "read:demandes"));
  const title = request.data ? `Demande de ${request.data.prenom} ${request.data.nom}` : `Demande n° ${id}`;

  return (
    <StaffPage
      title={title}
      crumbs={[{ label: "Demandes d'attestation", to: "/gestion/demandes" }, { label: `Demande n° ${id}` }]}
      permission="read:demandes"
    >
      <RecordView
        query={request}
        valid={valid}
        missing="Cette demande n'existe pas."
        back={{ to: "/gestion/demandes", label: "Retour aux demandes" }}
        loading="Chargement de la demande…"
      >
        {(data) => <RequestDetails request={data} />}
      </RecordView>
    </StaffPage>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm font-semibold text-gray-700 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

const cardClass = "rounded-xl border border-gray-200 bg-white p-5";

function RequestDetails({ request }: { request: CertificateStaffDetail }) {
  const me = useStaffUser();
  const toast = useToast();
  const [asking, setAsking] = useState<MotifKind | null>(null);
  const [confirmReady, setConfirmReady] = useState(false);
  const [confirmReissue, setConfirmReissue] = useState(false);
  const navigate = useNavigate();
  const pending = request.status === CERTIFICATE_STATUS.pending;
  const canUpdate = can(me, "update:demandes");
  const canRevoke = can(me, "delete:demandes");
  const doc = request.document;
  const who = `${request.prenom} ${request.nom}`;

  // Who will sign: set once for all by the direction, on the list of requests.
  const signatory = useSignatory(canUpdate && pending);
  const changeStatus = useChangeRequestStatus();
  const revoke = useRevokeRequest();
  const reissue = useReissueRequest();
  async function reissueFromRecord() {
    try {
      const done = await reissue.mutateAsync(request.id);
      toast({ title: T.reissued(done.document?.numero ?? ""), description: `${done.prenom} ${done.nom}` });
      navigate(`/gestion/demandes/${done.id}`);
    } catch (error) {
      toast({ kind: "error", title: "L'action n'a pas abouti.", description: staffErrorMessage(error) });
    }
  }
  async function makeAvailable() {
    try {
      const done = await changeStatus.mutateAsync({ id: request.id, body: { status: CERTIFICATE_STATUS.ready } });
      toast({ title: "Attestation disponible.", description: `${done.document?.numero ?? ""} — ${who}` });
    } catch (error) {
      toast({ kind: "error", title: "L'action n'a pas abouti.", description: staffErrorMessage(error) });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="space-y-6">
        <section aria-labelledby="request-title" className={cardClass}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="request-title" className="text-lg font-bold text-ink">
              {requestLabel(request.type, request.niveau)}
            </h2>
            <StatusBadge status={request.status} />
          </div>
          <dl className="mt-4 space-y-3">
            <Field label="Étudiant">
              {who}
              {request.dossier?.nom && (
                <span className="mt-1 block text-sm font-semibold text-amber-800">
                  {T.recordName(request.dossier.nom)}
                </span>
              )}
            </Field>
            <Field label="Matricule">{request.student_id}</Field>
            <Field label="CIN">
              {request.cin ?? "—"}
              {request.dossier?.cin !== null && request.dossier?.cin !== undefined && (
                <span className="mt-1 block text-sm font-semibold text-amber-800">
                  {T.recordCin(request.dossier.cin)}
                </span>
              )}
            </Field>
            <Field label="Année scolaire">{request.annee ?? "—"}</Field>
            <Field label="E-mail">{request.email ?? "—"}</Field>
            <Field label="Centre">{request.centre ?? "—"}</Field>
            <Field label="Option">{request.option ?? "—"}</Field>
            {request.langues.length > 0 && <Field label="Langues">{request.langues.join(", ")}</Field>}
            <Field label="Demandée le">{formatDateTime(request.created_at)}</Field>
            {request.motif && <Field label="Motif">{request.motif}</Field>}
            {request.reemise_de !== null && (
              <Field label="Réémission">
                <Link
                  to={`/gestion/demandes/${request.reemise_de}`}
                  className="text-brand-700 underline underline-offset-4"
                >
                  {T.reissuedFrom(request.reemise_de)}
                </Link>
              </Field>
            )}
            {request.reemise !== null && (
              <Field label="Réémission">
                <Link
                  to={`/gestion/demandes/${request.reemise}`}
                  className="text-brand-700 underline underline-offset-4"
                >
                  {T.reissuedAs(request.reemise)}
                </Link>
              </Field>
            )}
          </dl>
          {canUpdate && pending && (
            <div className="mt-5 flex flex-wrap gap-2 border-t border-gray-200 pt-4">
              <button type="button" className={primaryButtonClass} onClick={() => setConfirmReady(true)}>
                Rendre disponible
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setAsking("refus")}>
                Refuser
              </button>
            </div>
          )}
        </section>

        {doc && (
          <section aria-labelledby="document-title" className={cardClass}>
            <h2 id="document-title" className="text-lg font-bold text-ink">
              Attestation
            </h2>
            <dl className="mt-4 space-y-3">
              <Field label="Numéro">{doc.numero}</Field>
              <Field label="Émise le">{formatDateTime(doc.issued_at)}</Field>
              <Field label="Vérification">
                <a href={doc.verification_url} className="break-all text-brand-700 underline underline-offset-4">
                  {doc.verification_url}
                </a>
              </Field>
              {doc.revoked_at && (
                <Field label="Révoquée le">
                  {formatDateTime(doc.revoked_at)} — {doc.revoked_reason}
                </Field>
              )}
            </dl>
            <div className="mt-5 flex flex-wrap gap-2 border-t border-gray-200 pt-4">
              <a
                href={requestsApi.documentUrl(request.id)}
                download={`attestation-${doc.numero}.pdf`}
                className={`${secondaryButtonClass} inline-flex items-center gap-2`}
              >
                <Download aria-hidden="true" className="size-4" />
                Télécharger le PDF
              </a>
              {canRevoke && !doc.revoked_at && (
                <button type="button" className={dangerButtonClass} onClick={() => setAsking("revocation")}>
                  Révoquer l'attestation
                </button>
              )}
              {canRevoke && doc.revoked_at && request.reemise === null && (
                <button type="button" className={primaryButtonClass} onClick={() => setConfirmReissue(true)}>
                  {T.reissue}
                </button>
              )}
            </div>
          </section>
        )}
      </div>

      <div className="space-y-6">
        <section aria-labelledby="history-title" className={cardClass}>
          <h2 id="history-title" className="text-lg font-bold text-ink">
            Historique
          </h2>
          <ol className="mt-4 space-y-3">
            <li className="text-sm text-gray-700">
              <span className="font-semibold text-ink">{formatDateTime(request.created_at)}</span> — demande envoyée par
              l'étudiant (En Cours)
            </li>
            {request.history.map((entry) => (
              <li key={`${entry.created_at}-${entry.to_status}`} className="text-sm text-gray-700">
                <span className="font-semibold text-ink">{formatDateTime(entry.created_at)}</span> —{" "}
                {entry.from_status ?? "—"} → <StatusBadge status={entry.to_status} /> par {entry.staff_name ?? "—"}
                {entry.motif && <span className="mt-1 block">Motif : {entry.motif}</span>}
              </li>
            ))}
          </ol>
        </section>
      </div>

      <ConfirmDialog
        open={confirmReady}
        onOpenChange={setConfirmReady}
        destructive={false}
        title="Rendre cette demande disponible ?"
        description={`L'attestation de ${who} est générée avec un numéro unique${
          signatory.data ? `, signée par ${signatory.data.name} (${signatory.data.title})` : ""
        } ; l'étudiant est prévenu par une notification et un e-mail. Ensuite, seule la direction pourra la révoquer : l'étudiant la verra alors « Révoquée », avec le motif.`}
        confirmLabel="Rendre disponible"
        progress="Génération de l'attestation (PDF) et envoi de l'e-mail à l'étudiant…"
        onConfirm={makeAvailable}
      />
      <ConfirmDialog
        open={confirmReissue}
        onOpenChange={setConfirmReissue}
        destructive={false}
        title={`${T.reissue} ?`}
        description={T.reissueConfirm}
        confirmLabel={T.reissue}
        progress="Génération de la nouvelle attestation (PDF) et envoi de l'e-mail à l'étudiant…"
        onConfirm={reissueFromRecord}
      />
      <MotifDialog
        open={asking === "refus"}
        onOpenChange={(open) => open || setAsking(null)}
        kind="refus"
        title="Refuser cette demande ?"
        description={`${who} est prévenu(e) par une notification et un e-mail, avec le motif.`}
        label="Motif du refus"
        confirmLabel="Refuser la demande"
        onConfirm={async (motif) => {
          await changeStatus.mutateAsync({ id: request.id, body: { status: CERTIFICATE_STATUS.refused, motif } });
          setAsking(null);
          toast({ title: "Demande refusée.", description: who });
        }}
      />
      <MotifDialog
        open={asking === "revocation"}
        onOpenChange={(open) => open || setAsking(null)}
        kind="revocation"
        title="Révoquer l'attestation ?"
        description={`La vérification de ${doc?.numero ?? "l'attestation"} répondra « révoquée » et ${who} ne pourra plus la télécharger.`}
        label="Motif de la révocation"
        confirmLabel="Révoquer"
        onConfirm={async (motif) => {
          await revoke.mutateAsync({ id: request.id, motif });
          setAsking(null);
          toast({ title: "Attestation révoquée.", description: doc?.numero ?? who });
        }}
      />
    </div>
  );
}
