import { DATA_EXPORT_TEXT, formatPhone, PROFILE_PHOTO, type StudentData, PROFILE_TEXT as T } from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { Camera, Download, KeyRound, Pencil } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { Link } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { ApiError } from "../../lib/api.ts";
import { inTheBrowser, pageData } from "../../lib/page-data.tsx";
import { useStudentData } from "../../lib/session.ts";
import { useAuthorisedImage } from "../../lib/use-authorised-image.ts";
import { emailCopiesQuery, photoProblem, useDownloadMyData, useSetEmailCopies, useUploadProfilePhoto } from "./api.ts";

/** The setting, fetched by the server and in the HTML; who the student is comes with the student area (decision 101). */
export const loader = () => pageData(emailCopiesQuery);

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `${T.title} | ${brand.academyName}` }];

function initials(student: StudentData) {
  return `${student.prenom.charAt(0)}${student.nom.charAt(0)}`.toUpperCase();
}

function Avatar({ student, imagePath }: { student: StudentData; imagePath: string | null }) {
  const photo = useAuthorisedImage(imagePath);
  const name = `${student.prenom} ${student.nom}`;
  if (imagePath && photo) {
    return (
      <img
        src={photo}
        alt={name}
        width={128}
        height={128}
        className="size-32 rounded-full object-cover ring-4 ring-white shadow-lg"
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`Initiales de ${name}`}
      className="flex size-32 items-center justify-center rounded-full bg-brand-600 text-4xl font-black text-white ring-4 ring-white shadow-lg"
    >
      {initials(student)}
    </span>
  );
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="rounded-xl bg-gray-50 p-4">
      <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{label}</dt>
      <dd className="mt-1 font-medium break-words">{value && value.trim() !== "" ? value : "-"}</dd>
    </div>
  );
}

/**
 * "Recevoir une copie des notifications par e-mail" (issue 30): saved as soon as it is ticked or
 * unticked; the one-click link at the foot of each copy turns it off too.
 */
function EmailCopiesSetting() {
  const id = useId();
  const setting = useQuery(emailCopiesQuery);
  const save = useSetEmailCopies();
  const checked = save.isPending ? save.variables : setting.data?.email_copies;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-2xl bg-gray-50 p-5">
      <h2 id={`${id}-title`} className="font-bold">
        E-mails
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked ?? false}
          disabled={setting.isPending || setting.isError || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
          aria-describedby={`${id}-hint`}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <div>
          <label htmlFor={id} className="font-medium">
            {T.emailCopies}
          </label>
          <p id={`${id}-hint`} className="text-sm text-gray-700">
            {T.emailCopiesHint}
          </p>
        </div>
      </div>
      <div aria-live="polite" className="mt-2 text-sm">
        {save.isSuccess && <p className="font-medium text-green-800">{save.data.message}</p>}
        {setting.isError && <p className="text-gray-700">Ce réglage n'a pas pu être chargé.</p>}
        {save.isError && (
          <p role="alert" className="font-medium text-red-700">
            {save.error instanceof ApiError && save.error.serverMessage
              ? save.error.serverMessage
              : "Une erreur s'est produite"}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * "Télécharger mes données" (docs/spec/school-year-and-data.md section 4, decision 112): the ZIP of
 * everything the academy holds about the student; past the hour's limit, the server's French message.
 */
function DataExport({ studentNumber }: { studentNumber: string }) {
  const id = useId();
  const download = useDownloadMyData();
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-2xl bg-gray-50 p-5">
      <h2 id={`${id}-title`} className="font-bold">
        {DATA_EXPORT_TEXT.studentTitle}
      </h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
        {DATA_EXPORT_TEXT.studentHint}
      </p>
      <button
        type="button"
        onClick={() => download.mutate(studentNumber)}
        disabled={download.isPending}
        aria-describedby={`${id}-hint`}
        className="mt-3 inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Download aria-hidden="true" className="size-4" />
        {download.isPending ? DATA_EXPORT_TEXT.studentPreparing : DATA_EXPORT_TEXT.studentButton}
      </button>
      <div aria-live="polite" className="mt-2 text-sm">
        {download.isError && (
          <p role="alert" className="font-medium text-red-700">
            {download.error instanceof ApiError && download.error.serverMessage
              ? download.error.serverMessage
              : DATA_EXPORT_TEXT.studentFailed}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * /profile (docs/spec/student-portal.md section 2): the signed-in student's data (GET /api/user), a photo or initials,
 * and a photo edit mode. The spec's simulated one-second delay (section 9) stood for reading stored data; the
 * server now renders the page with the data (decision 101), so there is nothing to wait for.
 */
export default function ProfilePage() {
  const student = useStudentData();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  const upload = useUploadProfilePhoto({
    onSuccess: () => setProblem(null),
    onError: (error) =>
      setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : "Une erreur s'est produite"),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const local = photoProblem(file);
    if (local) {
      setProblem(local);
      return;
    }
    upload.mutate(file);
  };

  if (student === undefined) return <Spinner label="Chargement du profil..." showLabel />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{T.title}</h1>
      {!student ? (
        <p className="mt-8 rounded-2xl bg-gray-50 p-8 text-gray-700">Aucune donnée étudiant disponible.</p>
      ) : (
        <section
          aria-label="Informations personnelles"
          className="mt-8 rounded-3xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:gap-6">
            <Avatar student={student} imagePath={student.profile_image} />
            <div className="text-center sm:text-left">
              <p className="text-xl font-bold">
                {student.prenom} {student.nom}
              </p>
              <p className="text-gray-700">{student.student_id}</p>
              <button
                type="button"
                onClick={() => {
                  setEditing((e) => !e);
                  setProblem(null);
                  upload.reset();
                }}
                aria-expanded={editing}
                className="mt-3 inline-flex items-center gap-2 rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold hover:bg-gray-50"
              >
                <Pencil aria-hidden="true" className="size-4" />
                {editing ? "Terminer la modification" : T.edit}
              </button>
            </div>
          </div>

          {editing && (
            <div className="mt-6 rounded-2xl border border-dashed border-brand-600/40 bg-brand-50/50 p-5">
              <label htmlFor={inputId} className="inline-flex items-center gap-2 font-semibold">
                <Camera aria-hidden="true" className="size-5 text-brand-600" />
                Photo de profil
              </label>
              <p id={`${inputId}-hint`} className="mt-1 text-sm text-gray-700">
                JPEG, PNG ou WebP, 2 Mo au plus.
              </p>
              {/* The native control is visually hidden so that its button reads in French. */}
              <input
                id={inputId}
                type="file"
                accept={PROFILE_PHOTO.mimeTypes.join(",")}
                aria-describedby={`${inputId}-hint`}
                onChange={onFile}
                disabled={upload.isPending}
                className="peer sr-only"
              />
              <label
                htmlFor={inputId}
                className="mt-3 inline-flex cursor-pointer items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sun peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
              >
                Choisir une image
              </label>
              <div aria-live="polite" className="mt-3 text-sm">
                {upload.isPending && <p>Envoi de la photo...</p>}
                {upload.isSuccess && !problem && <p className="font-medium text-green-800">{T.photoSaved}</p>}
                {problem && (
                  <p role="alert" className="font-medium text-red-700">
                    {problem}
                  </p>
                )}
              </div>
            </div>
          )}

          <dl className="mt-8 grid gap-3 sm:grid-cols-2">
            <Field label="Prénom" value={student.prenom} />
            <Field label="Nom" value={student.nom} />
            <Field label="E-mail" value={student.email} />
            <Field label="Téléphone" value={formatPhone(student.telephone_etudiant)} />
            <Field label="Centre" value={student.centre?.nom} />
            <Field label="Filière (option)" value={student.option?.nom} />
          </dl>

          <EmailCopiesSetting />

          <DataExport studentNumber={student.student_id} />

          <Link
            to="/modifier-mot-de-passe"
            className="mt-8 inline-flex items-center gap-2 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            <KeyRound aria-hidden="true" className="size-4" />
            {T.changePassword}
          </Link>
        </section>
      )}
    </div>
  );
}
