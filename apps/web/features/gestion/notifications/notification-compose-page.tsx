import {
  ADMINISTRATION_SENDER,
  can,
  fromAcademyLocal,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_PRIORITY_LABELS,
  type NotificationStaff,
  toAcademyLocal,
  UPLOAD_LIMITS,
  UPLOAD_TEXT,
} from "@puerta/contract";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { FileUpload, useUploadQueue } from "../../../components/file-upload.tsx";
import { SelectField, TextAreaField, TextField, useFormErrors } from "../../../components/form-fields.tsx";
import { NotificationArticle } from "../../../components/notification-article.tsx";
import { NotificationCard } from "../../../components/notification-card.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useStaffUser } from "../session/staff-session.ts";
import { LoadFailed } from "../shared/load-failed.tsx";
import { TitleField } from "../shared/publishing.tsx";
import { StaffForm } from "../shared/staff-form.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { notificationsApi, useSaveNotification, useStaffNotification } from "./api.ts";
import { AudienceBuilder, type AudienceValue } from "./audience-builder.tsx";
import { priorityOf } from "./labels.tsx";

const FIELDS = ["titre", "message", "priority", "link", "audience", "sender", "publication", "publish_at"] as const;
type Field = (typeof FIELDS)[number];
type Publication = "maintenant" | "programmee" | "brouillon";

/** /gestion/notifications/nouvelle and /gestion/notifications/{id}/modifier. */
export default function NotificationComposePage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const me = useStaffUser();
  const existing = useStaffNotification(id ?? 0, id !== null && can(me, "read:notifications"));
  const title = id === null ? "Nouvelle notification" : "Modifier la notification";
  const crumbs = [
    { label: "Notifications", to: "/gestion/notifications" },
    ...(id === null ? [] : [{ label: existing.data?.titre ?? "Notification", to: `/gestion/notifications/${id}` }]),
    { label: id === null ? "Nouvelle" : "Modifier" },
  ];
  return (
    <StaffPage title={title} crumbs={crumbs} permission={id === null ? "create:notifications" : "update:notifications"}>
      {id !== null && !existing.data ? (
        existing.isError ? (
          <LoadFailed
            error={existing.error}
            missing="Cette notification n'existe pas."
            back={{ to: "/gestion/notifications", label: "Retour aux notifications" }}
          />
        ) : (
          <Spinner label="Chargement de la notification..." />
        )
      ) : (
        <ComposeForm existing={existing.data} />
      )}
    </StaffPage>
  );
}

function ComposeForm({ existing }: { existing?: NotificationStaff }) {
  const me = useStaffUser();
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSaveNotification(); // a retry after a lost answer publishes once
  const form = useFormErrors<Field>();
  const published = existing?.state === "publiee";
  const [titre, setTitre] = useState(existing?.titre ?? "");
  const [message, setMessage] = useState(existing?.message ?? "");
  const [priority, setPriority] = useState<string>(priorityOf(existing?.priority));
  const [link, setLink] = useState(existing?.link ?? "");
  const [sender, setSender] = useState<"moi" | "administration">(
    existing?.sender === ADMINISTRATION_SENDER ? "administration" : "moi",
  );
  const [audience, setAudience] = useState<AudienceValue>(
    existing
      ? {
          type: existing.audience.type as AudienceValue["type"],
          ids: existing.audience.ids,
          centre_ids: existing.audience.centre_ids ?? [],
        }
      : { type: "", ids: [], centre_ids: [] },
  );
  const [publication, setPublication] = useState<Publication>(
    existing?.state === "programmee" ? "programmee" : existing?.state === "brouillon" ? "brouillon" : "maintenant",
  );
  const [publishAt, setPublishAt] = useState(
    existing?.state === "programmee" && existing.published_at ? toAcademyLocal(new Date(existing.published_at)) : "",
  );
  const [emailCopy, setEmailCopy] = useState(existing?.email_copy ?? false);
  const [sending, setSending] = useState(false);
  const photoQueue = useUploadQueue({
    maxBytes: UPLOAD_LIMITS.image.maxBytes,
    tooLargeMessage: UPLOAD_TEXT.imageTooLarge,
  });
  const [dropPhoto, setDropPhoto] = useState(false);
  // Once saved, a failed photo upload leaves the page on the saved notification: sending again updates it.
  const [savedId, setSavedId] = useState<number | null>(existing?.id ?? null);
  const chosenPhoto = photoQueue.items.find((item) => item.state !== "failed")?.file;
  const chosenPhotoUrl = useObjectUrl(chosenPhoto);

  async function submit() {
    if (sending) return;
    const values = {
      titre,
      message,
      priority,
      link,
      sender,
      audience,
      publication,
      publish_at: publication === "programmee" ? publishAt || null : null,
      email_copy: emailCopy,
    };
    const body = await form.check(
      (schemas) => (existing ? schemas.notificationStaffUpdateRequest : schemas.notificationStaffCreateRequest),
      values,
    );
    if (!body) return;
    setSending(true);
    try {
      const { saved, photoFailed } = await save.mutateAsync({
        savedId,
        body,
        dropPhoto,
        onSaved: (notification) => setSavedId(notification.id),
        sendPhoto: async (id) => {
          const outcomes = await photoQueue.run(notificationsApi.photoSender(id), "photo");
          return outcomes.some((outcome) => outcome.error);
        },
      });
      if (photoFailed) {
        toast({
          kind: "error",
          title: "La notification est enregistrée, pas sa photo.",
          description: "Choisissez une autre image ou enlevez-la, puis enregistrez.",
        });
        setSending(false);
        return;
      }
      toast({
        title: existing
          ? published
            ? "Notification corrigée."
            : "Notification modifiée."
          : saved.state === "publiee"
            ? "Notification publiée."
            : saved.state === "programmee"
              ? "Notification programmée."
              : "Brouillon enregistré.",
        description: saved.titre,
      });
      navigate(`/gestion/notifications/${saved.id}`);
    } catch (error) {
      form.fail(error, FIELDS);
      setSending(false);
    }
  }

  const previewPhoto = chosenPhotoUrl ?? (existing?.photo && !dropPhoto ? existing.photo : null);
  const previewDate =
    publication === "programmee" ? (fromAcademyLocal(publishAt)?.toISOString() ?? null) : existing?.published_at;
  const preview = {
    id: 0,
    titre: titre.trim() || "Titre de la notification",
    message: message || "Le message de la notification.",
    created_at: previewDate ?? new Date().toISOString(),
    statut: "envoye",
    sender: sender === "administration" ? ADMINISTRATION_SENDER : me.name,
    priority,
    photo: previewPhoto,
    link: link.trim() || null,
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <StaffForm form={form} onSubmit={submit} className="min-w-0 space-y-5">
        {published && (
          <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Cette notification est publiée : vos corrections apparaîtront aux étudiants à leur prochain chargement.
          </p>
        )}
        <TitleField value={titre} onChange={setTitre} error={form.errors.titre} disabled={sending} />
        <TextAreaField
          label="Message"
          name="message"
          rows={7}
          value={message}
          onChange={setMessage}
          error={form.errors.message}
          disabled={sending}
          hint="Texte simple : les retours à la ligne sont conservés et les adresses web deviennent des liens."
        />
        <SelectField
          label="Priorité"
          name="priority"
          value={priority}
          onChange={setPriority}
          options={NOTIFICATION_PRIORITIES.map((p) => ({ value: p, label: NOTIFICATION_PRIORITY_LABELS[p] }))}
          error={form.errors.priority}
          disabled={sending}
        />
        <TextField
          label="Lien externe (facultatif)"
          name="link"
          value={link}
          onChange={setLink}
          error={form.errors.link}
          disabled={sending}
          hint="Une adresse complète, par exemple https://www.example.com/inscription"
        />
        <FileUpload
          label="Photo (facultatif)"
          queue={photoQueue}
          accept={UPLOAD_LIMITS.image.accept}
          disabled={sending}
          hint="JPEG, PNG ou WebP, 8 Mo au plus. Les métadonnées (position GPS…) sont retirées."
        />
        {existing?.photo && photoQueue.items.length === 0 && (
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              checked={dropPhoto}
              onChange={(event) => setDropPhoto(event.target.checked)}
              disabled={sending}
              className="size-4 accent-brand-600"
            />
            Enlever la photo actuelle
          </label>
        )}
        <RadioGroup
          legend="Expéditeur"
          name="sender"
          value={sender}
          onChange={(value) => setSender(value as "moi" | "administration")}
          options={[
            { value: "moi", label: me.name },
            { value: "administration", label: ADMINISTRATION_SENDER },
          ]}
          error={form.errors.sender}
          disabled={sending}
        />
        <AudienceBuilder value={audience} onChange={setAudience} error={form.errors.audience} disabled={sending} />
        <RadioGroup
          legend="Publication"
          name="publication"
          value={publication}
          onChange={(value) => setPublication(value as Publication)}
          options={
            published
              ? [{ value: "maintenant", label: "Déjà publiée" }]
              : [
                  { value: "maintenant", label: "Publier maintenant" },
                  { value: "programmee", label: "Programmer à une date et une heure" },
                  { value: "brouillon", label: "Enregistrer comme brouillon" },
                ]
          }
          error={form.errors.publication}
          disabled={sending}
        >
          {publication === "programmee" && (
            <div className="mt-3 pl-6">
              <TextField
                label="Date et heure de publication (heure de Casablanca)"
                name="publish_at"
                type="datetime-local"
                value={publishAt}
                onChange={setPublishAt}
                error={form.errors.publish_at}
                disabled={sending}
              />
            </div>
          )}
        </RadioGroup>
        <label className="flex items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={emailCopy}
            onChange={(event) => setEmailCopy(event.target.checked)}
            disabled={sending || Boolean(existing?.emailed_at)}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>
            <span className="font-semibold">Envoyer aussi par e-mail</span>
            <span className="block text-gray-600">
              {existing?.emailed_at ? "Les e-mails sont déjà partis." : "Un e-mail par destinataire, à la publication."}
            </span>
          </span>
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link
            to={existing ? `/gestion/notifications/${existing.id}` : "/gestion/notifications"}
            className={secondaryButtonClass}
          >
            Annuler
          </Link>
          <button type="submit" disabled={sending} className={primaryButtonClass}>
            {sending
              ? "Enregistrement…"
              : published
                ? "Enregistrer la correction"
                : publication === "maintenant"
                  ? "Publier"
                  : publication === "programmee"
                    ? "Programmer"
                    : "Enregistrer le brouillon"}
          </button>
        </div>
      </StaffForm>
      <section aria-labelledby="preview-title" className="min-w-0">
        <h2 id="preview-title" className="text-lg font-bold text-ink">
          Aperçu pour les étudiants
        </h2>
        <p className="mt-1 text-sm text-gray-700">Dans la liste des notifications :</p>
        <div className="mt-3">
          <NotificationCard notification={preview} unread detailsHref={null} headingLevel={3} />
        </div>
        <p className="mt-6 text-sm text-gray-700">Sur la page de la notification :</p>
        <NotificationArticle notification={preview} photoUrl={previewPhoto} headingLevel={3} />
      </section>
    </div>
  );
}

function RadioGroup({
  legend,
  name,
  value,
  onChange,
  options,
  error,
  disabled,
  children,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="min-w-0" disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-col gap-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A chosen file as an address the preview's <img> can show, released when it changes. */
function useObjectUrl(file: File | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
