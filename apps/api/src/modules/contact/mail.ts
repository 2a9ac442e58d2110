import { ACADEMY_TIME_ZONE } from "@puerta/contract";
import { escapeHtml, mailLayout, type OutgoingMail } from "../../lib/mailer/index.ts";

export type ContactFields = { nom: string; email: string; telephone: string; sujet: string; message: string };

/** The message forwarded to the academy; replying answers the visitor directly. */
export function contactMail(to: string, fields: ContactFields, receivedAt: Date): OutgoingMail {
  const when = new Intl.DateTimeFormat("fr-FR", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: ACADEMY_TIME_ZONE,
  }).format(receivedAt);
  // A subject is one header line: line breaks a visitor typed must not reach it.
  const subject = `Nouveau message du site : ${fields.sujet.replace(/\s+/g, " ").slice(0, 150)}`;
  const rows: [string, string][] = [
    ["Nom", fields.nom],
    ["E-mail", fields.email],
    ["Téléphone", fields.telephone],
    ["Sujet", fields.sujet],
  ];
  const text = [
    `Message reçu depuis le formulaire de contact le ${when}.`,
    "",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    "Message :",
    fields.message,
  ].join("\n");
  const cell = "padding:6px 12px 6px 0;vertical-align:top";
  const html = mailLayout(
    "Nouveau message de contact",
    [
      `<p style="margin:0 0 16px;color:#4b5563">Reçu depuis le formulaire de contact le ${escapeHtml(when)}.</p>`,
      `<table style="border-collapse:collapse;margin:0 0 16px">${rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="${cell};text-align:left">${label}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`,
      `<p style="margin:0 0 8px;font-weight:bold">Message :</p>`,
      `<p style="margin:0;white-space:pre-wrap;line-height:1.5">${escapeHtml(fields.message)}</p>`,
    ].join("\n"),
  );
  return { to, subject, text, html, replyTo: fields.email };
}

/**
 * A staff member's answer to a contact message (docs/spec/back-office.md section 6): from the
 * app's sender (MAIL_FROM), the visitor's own reply going to the academy's contact address.
 */
export function contactReplyMail(
  message: { email: string; nom: string; sujet: string; message: string; created_at: string },
  reply: string,
  contactEmail: string,
): OutgoingMail {
  const subject = `Re : ${message.sujet.replace(/\s+/g, " ").trim().slice(0, 150)}`;
  const when = new Intl.DateTimeFormat("fr-FR", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: ACADEMY_TIME_ZONE,
  }).format(new Date(message.created_at));
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  // The reply is the staff member's text exactly as typed (greeting and signature included, the
  // screen prefills them): nothing is added around it but the quoted message it answers.
  const text = [reply, "", `Le ${when}, vous avez écrit :`, quoted].join("\n");
  const html = mailLayout(
    subject,
    [
      `<p style="margin:0 0 24px;white-space:pre-wrap;line-height:1.5">${escapeHtml(reply)}</p>`,
      `<p style="margin:0 0 8px;color:#4b5563">Le ${escapeHtml(when)}, vous avez écrit :</p>`,
      `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #d1d5db;color:#4b5563;white-space:pre-wrap">${escapeHtml(message.message)}</blockquote>`,
    ].join("\n"),
  );
  return { to: message.email, subject, text, html, replyTo: contactEmail };
}
