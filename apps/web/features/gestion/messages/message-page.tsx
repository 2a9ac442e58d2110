import {
  CONTACT_MESSAGE_STATUS_LABELS,
  type ContactMessageDetail,
  type ContactReplyRequest,
  can,
  INBOX_LIMITS,
  STAFF_ROLE_LABELS,
  type StaffUser,
} from "@puerta/contract";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useParams } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../../components/button-styles.ts";
import { FormAlert, TextAreaField, useFormErrors } from "../../../components/form-fields.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { brand } from "../../../content/brand.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { formatDateTime } from "../shared/format.ts";
import { RecordView } from "../shared/record-view.tsx";
import { StatusPill } from "../shared/status-pill.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { useMessage, useRefreshInbox, useReplyToMessage, useSetMessageStatus, useStoreMessage } from "./api.ts";

/**
 * What the reply box starts with: the greeting and the signature the e-mail will carry, which the
 * secretary edits. The server adds nothing around the text, so what is typed is what is sent.
 */
export function replyDraft(nom: string, signer: Pick<StaffUser, "name" | "role">): string {
  return `Bonjour ${nom},\n\n\n\n${signer.name}\n${STAFF_ROLE_LABELS[signer.role]} — ${brand.academyName}`;
}

const SENDING_LABELS = { pending: "En cours d'envoi", sent: "Envoyé", failed: "Échec de l'envoi" } as const;

/** /gestion/messages/:id: one message, its replies as a thread, the reply form (docs/spec/back-office.md section 6). */
export default function MessagePage() {
  const { id = "" } = useParams();
  const me = useStaffUser();
  const valid = /^\d+$/.test(id);
  const message = useMessage(id, valid && can(me, "read:messages"));
  const refreshInbox = useRefreshInbox();
  const store = useStoreMessage(id);
  // Opening marked it read: the inbox is out of date.
  const opened = message.data?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per message opened, not per render
  useEffect(() => {
    if (opened !== undefined) void refreshInbox();
  }, [opened]);

  const title = message.data ? message.data.sujet : `Message n° ${id}`;

  return (
    <StaffPage
      title={title}
      crumbs={[{ label: "Messages", to: "/gestion/messages" }, { label: `Message n° ${id}` }]}
      permission="read:messages"
    >
      <RecordView
        query={message}
        valid={valid}
        missing="Ce message n'existe pas."
        back={{ to: "/gestion/messages", label: "Retour aux messages" }}
        loading="Chargement du message…"
      >
        {(data) => (
          <MessageDetails message={data} signer={me} canWrite={can(me, "update:messages")} onChanged={store} />
        )}
      </RecordView>
    </StaffPage>
  );
}

function MessageDetails({
  message,
  signer,
  canWrite,
  onChanged,
}: {
  message: ContactMessageDetail;
  signer: StaffUser;
  canWrite: boolean;
  onChanged: (next: ContactMessageDetail) => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const setStatus = useSetMessageStatus();
  const facts: [string, string][] = [
    ["Reçu le", formatDateTime(message.created_at)],
    ["De", message.nom],
    ["E-mail", message.email],
    ["Téléphone", message.telephone],
  ];
  const handled = message.statut === "traite";

  async function toggle() {
    setBusy(true);
    try {
      const next = await setStatus.mutateAsync({ id: message.id, statut: handled ? "nouveau" : "traite" });
      onChanged(next);
      toast({ title: handled ? "Message remis à traiter." : "Message marqué comme traité." });
    } catch (error) {
      toast({ kind: "error", title: "L'action n'a pas abouti.", description: staffErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center gap-3">
        <StatusPill tone={handled ? "done" : "new"}>{CONTACT_MESSAGE_STATUS_LABELS[message.statut]}</StatusPill>
        {handled && message.handled_at && (
          <span className="text-sm text-gray-700">
            Traité le {formatDateTime(message.handled_at)}
            {message.handled_by ? ` par ${message.handled_by}` : ""}
          </span>
        )}
        {canWrite && (
          <button type="button" onClick={toggle} disabled={busy} className={`${secondaryButtonClass} sm:ml-auto`}>
            {handled ? "Marquer comme nouveau" : "Marquer comme traité"}
          </button>
        )}
      </div>

      <article aria-labelledby="message-title" className="rounded-xl border border-gray-200 bg-white p-6">
        <h2 id="message-title" className="sr-only">
          Message reçu
        </h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[8rem_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-gray-700">{label}</dt>
              <dd className="break-words text-ink">
                {label === "E-mail" ? (
                  <a href={`mailto:${value}`} className="text-brand-700 underline underline-offset-4">
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 break-words whitespace-pre-wrap text-ink">{message.message}</p>
      </article>

      <section aria-labelledby="thread-title">
        <h2 id="thread-title" className="mb-3 text-lg font-bold text-ink">
          Réponses ({message.replies.length})
        </h2>
        {message.replies.length === 0 ? (
          <p className="text-gray-700">Aucune réponse n'a encore été envoyée.</p>
        ) : (
          <ol className="space-y-4 border-l-2 border-brand-100 pl-4">
            {message.replies.map((reply) => (
              <li key={reply.id} className="rounded-xl border border-gray-200 bg-white p-4">
                <p className="text-sm text-gray-700">
                  <span className="font-semibold text-ink">{reply.staff_name}</span> ·{" "}
                  {formatDateTime(reply.created_at)} · {reply.envoi ? SENDING_LABELS[reply.envoi] : "Envoi archivé"}
                </p>
                <p className="mt-1 text-sm font-semibold text-ink">{reply.subject}</p>
                <p className="mt-2 break-words whitespace-pre-wrap text-ink">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      {canWrite && <ReplyForm message={message} signer={signer} onSent={onChanged} />}
    </div>
  );
}

export function ReplyForm({
  message,
  signer,
  onSent,
}: {
  message: ContactMessageDetail;
  signer: Pick<StaffUser, "name" | "role">;
  onSent: (next: ContactMessageDetail) => void;
}) {
  const toast = useToast();
  const form = useFormErrors<"message">();
  const checkboxId = useId();
  const draft = replyDraft(message.nom, signer);
  const [text, setText] = useState(draft);
  const [markHandled, setMarkHandled] = useState(true);
  const [sending, setSending] = useState(false);
  const reply = useReplyToMessage(); // a second click or a retry sends the e-mail once

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = await form.check<ContactReplyRequest>((s) => s.contactReplyRequest, {
      // The greeting and signature alone are no reply.
      message: text.trim() === draft.trim() ? "" : text,
      marquer_traite: markHandled,
    });
    if (!body) return;
    setSending(true);
    try {
      const next = await reply.mutateAsync({ id: message.id, body });
      setText(draft);
      onSent(next);
      toast({ title: "Réponse envoyée.", description: message.email });
    } catch (error) {
      form.fail(error, ["message"]);
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="reply-title" className="rounded-xl border border-gray-200 bg-white p-6">
      <h2 id="reply-title" className="text-lg font-bold text-ink">
        Répondre par e-mail
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        La réponse part à {message.email} exactement comme vous l'écrivez ci-dessous (salutation et signature
        comprises), suivie du message d'origine cité.
      </p>
      <form ref={form.formRef} onSubmit={submit} noValidate className="mt-4 space-y-4">
        {form.alert && <FormAlert>{form.alert}</FormAlert>}
        <TextAreaField
          label="Votre réponse"
          name="message"
          value={text}
          onChange={setText}
          error={form.errors.message}
          maxLength={INBOX_LIMITS.replyMaxLength}
          rows={8}
        />
        <div className="flex items-center gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={markHandled}
            onChange={(event) => setMarkHandled(event.target.checked)}
            className="size-5 rounded border-gray-300 accent-brand-600"
          />
          <label htmlFor={checkboxId} className="text-ink">
            Marquer comme traité
          </label>
        </div>
        <button type="submit" disabled={sending} className={primaryButtonClass}>
          {sending ? "Envoi…" : "Envoyer la réponse"}
        </button>
      </form>
    </section>
  );
}
