import { ACADEMY_TIME_ZONE, CERTIFICATE_DOCUMENT_TEXT as T } from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, CircleHelp } from "lucide-react";
import { useParams } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { type VerificationAnswer, verificationQuery } from "./api.ts";

/** Never indexed: the page names the holder (docs/spec/back-office.md section 6; the server also sends X-Robots-Tag). */
export const meta = () => [
  { title: `Vérification d'une attestation | ${brand.academyName}` },
  { name: "robots", content: "noindex, nofollow" },
];

const dayFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: ACADEMY_TIME_ZONE });
const day = (iso: string) => dayFormat.format(new Date(iso));

/**
 * /verifier/{code}: what the QR code of an attestation opens (docs/spec/back-office.md section 6). A
 * client-rendered page of its own route module, so no other page carries any of it
 * (docs/decisions/066-certificate-office.md).
 */
export default function VerificationPage() {
  const { code = "" } = useParams();
  const answer = useQuery(verificationQuery(code));

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Vérification d'une attestation</h1>
      <p className="mt-2 text-gray-700">
        Cette page confirme qu'une attestation a bien été délivrée par {brand.academyName}.
      </p>
      <div className="mt-8" aria-live="polite">
        {answer.isPending ? (
          <Spinner label="Vérification en cours…" showLabel />
        ) : answer.isError ? (
          <Result tone="red" title="Vérification impossible">
            Le serveur n'a pas pu répondre. Veuillez réessayer dans un instant.
          </Result>
        ) : (
          <Outcome answer={answer.data} />
        )}
      </div>
    </div>
  );
}

function Outcome({ answer }: { answer: VerificationAnswer }) {
  if (answer.status === "valide") {
    return (
      <Result tone="green" title={T.valid}>
        <dl className="mt-4 grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          <dt className="font-semibold text-gray-700">Document</dt>
          <dd>{answer.titre}</dd>
          <dt className="font-semibold text-gray-700">Titulaire</dt>
          <dd className="font-bold">{answer.titulaire}</dd>
          <dt className="font-semibold text-gray-700">Année scolaire</dt>
          <dd>{answer.annee}</dd>
          <dt className="font-semibold text-gray-700">Délivrée le</dt>
          <dd>{day(answer.date_emission)}</dd>
          <dt className="font-semibold text-gray-700">Numéro</dt>
          <dd className="tabular-nums">{answer.numero}</dd>
        </dl>
      </Result>
    );
  }
  if (answer.status === "revoquee") {
    return (
      <Result tone="red" title={T.revoked(day(answer.revoquee_le))}>
        Cette attestation a été retirée par l'établissement : elle n'a plus de valeur.
      </Result>
    );
  }
  if (answer.status === "limite") {
    return (
      <Result tone="grey" title="Trop de vérifications">
        {answer.message}
      </Result>
    );
  }
  return (
    <Result tone="grey" title={T.unknown}>
      Aucune attestation ne correspond à ce code. Vérifiez l'adresse inscrite sous le code QR du document.
    </Result>
  );
}

const TONES = {
  green: { box: "border-green-200 bg-green-50", icon: CircleCheck, iconClass: "text-green-700" },
  red: { box: "border-red-200 bg-red-50", icon: CircleAlert, iconClass: "text-red-700" },
  grey: { box: "border-gray-200 bg-gray-50", icon: CircleHelp, iconClass: "text-gray-700" },
} as const;

function Result({ tone, title, children }: { tone: keyof typeof TONES; title: string; children: React.ReactNode }) {
  const { box, icon: Icon, iconClass } = TONES[tone];
  return (
    <section aria-labelledby="verification-result" className={`rounded-2xl border p-6 ${box}`}>
      <div className="flex items-center gap-3">
        <Icon aria-hidden="true" className={`size-8 shrink-0 ${iconClass}`} />
        <h2 id="verification-result" className="text-xl font-bold text-ink">
          {title}
        </h2>
      </div>
      <div className="mt-2 text-gray-800">{children}</div>
    </section>
  );
}
