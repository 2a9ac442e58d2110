import { z } from "zod";
import {
  CONTACT_MESSAGE_STATUSES,
  CONTACT_READ_FILTERS,
  INBOX_LIMITS,
  POLICY_ACCEPTANCE_FILTERS,
  POLICY_LIMITS,
  POLICY_VERSION_STATUSES,
} from "../rules/inbox-policy.ts";
import { idParam } from "./common.ts";
import { listQuery, pageOf } from "./staff-lists.ts";

/**
 * The back-office's contact inbox and policy versions (docs/spec/back-office.md sections 6 and 8):
 * their French texts, limits and schemas. Exported with the other staff schemas only.
 */

export const INBOX_POLICY_MESSAGES = {
  invalidFilter: "Ce filtre n'est pas valide.",
  replyRequired: "Écrivez votre réponse.",
  replyTooLong: "La réponse ne doit pas dépasser 10 000 caractères.",
  statutRequired: "Choisissez « Nouveau » ou « Traité ».",
  titreRequired: "Le titre est requis.",
  titreTooLong: "Le titre ne doit pas dépasser 200 caractères.",
  contenuRequired: "Le contenu est requis.",
  contenuTooLong: "Le contenu ne doit pas dépasser 100 000 caractères.",
  dateEffetInvalid: "La date d'effet doit être une date valide (AAAA-MM-JJ).",
  alreadyPublished: "Cette version est déjà publiée : elle ne peut plus être modifiée.",
  nothingToChange: "Indiquez au moins un champ à modifier.",
} as const;

const m = INBOX_POLICY_MESSAGES;

const dateField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message, abort: true })
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, message);

// ---------------------------------------------------------------- contact messages

const contactStatus = z.enum(CONTACT_MESSAGE_STATUSES, { error: m.statutRequired });

export const contactMessagesQuery = listQuery.extend({
  statut: z.enum(CONTACT_MESSAGE_STATUSES, { error: m.invalidFilter }).optional(),
  lecture: z.enum(CONTACT_READ_FILTERS, { error: m.invalidFilter }).optional(),
  from: dateField(m.invalidFilter).optional(),
  to: dateField(m.invalidFilter).optional(),
});
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuery>;

export const contactMessageSummary = z.object({
  id: z.number().int(),
  nom: z.string(),
  email: z.string(),
  telephone: z.string(),
  sujet: z.string(),
  extrait: z.string(),
  statut: contactStatus,
  lu: z.boolean(),
  reponses: z.number().int(),
  created_at: z.string(),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummary>;

export const contactMessagesPage = pageOf(contactMessageSummary);

export const contactReply = z.object({
  id: z.number().int(),
  staff_name: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The outbox's state of the e-mail: `pending`, `sent` or `failed`; null if it was purged. */
  envoi: z.enum(["pending", "sent", "failed"]).nullable(),
  created_at: z.string(),
});
export type ContactReply = z.infer<typeof contactReply>;

export const contactMessageDetail = contactMessageSummary.extend({
  message: z.string(),
  read_at: z.string().nullable(),
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
  replies: z.array(contactReply),
});
export type ContactMessageDetail = z.infer<typeof contactMessageDetail>;

export const contactReplyRequest = z.object({
  message: z
    .string({ error: m.replyRequired })
    .trim()
    .min(1, { error: m.replyRequired, abort: true })
    .max(INBOX_LIMITS.replyMaxLength, m.replyTooLong),
  /** Replying usually settles the message: the screen ticks it by default. */
  marquer_traite: z.boolean({ error: m.invalidFilter }).default(true),
});
export type ContactReplyRequest = z.input<typeof contactReplyRequest>;

export const contactMessageUpdate = z.object({ statut: contactStatus });
export type ContactMessageUpdate = z.infer<typeof contactMessageUpdate>;

// ---------------------------------------------------------------- policy versions

export const policyVersionsQuery = listQuery.extend({
  statut: z.enum(POLICY_VERSION_STATUSES, { error: m.invalidFilter }).optional(),
});
export type PolicyVersionsQuery = z.infer<typeof policyVersionsQuery>;

export const policyVersion = z.object({
  id: z.number().int(),
  version: z.number().int().nullable(),
  titre: z.string(),
  contenu: z.string(),
  date_effet: z.string(),
  statut: z.enum(POLICY_VERSION_STATUSES),
  en_vigueur: z.boolean(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  acceptations: z.number().int(),
});
export type PolicyVersion = z.infer<typeof policyVersion>;

export const policyVersionsPage = pageOf(policyVersion);

const titre = z
  .string({ error: m.titreRequired })
  .trim()
  .min(1, { error: m.titreRequired, abort: true })
  .max(POLICY_LIMITS.titreMaxLength, m.titreTooLong);
const contenu = z
  .string({ error: m.contenuRequired })
  .min(1, { error: m.contenuRequired, abort: true })
  .max(POLICY_LIMITS.contenuMaxLength, m.contenuTooLong)
  .refine((text) => text.trim().length > 0, m.contenuRequired);

export const policyVersionCreateRequest = z.object({ titre, contenu, date_effet: dateField(m.dateEffetInvalid) });
export type PolicyVersionCreateRequest = z.infer<typeof policyVersionCreateRequest>;

export const policyVersionUpdateRequest = policyVersionCreateRequest
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: m.nothingToChange });
export type PolicyVersionUpdateRequest = z.infer<typeof policyVersionUpdateRequest>;

/** A version by id, or `en-vigueur` for the one in force (the dashboard's counter links there). */
export const policyVersionParam = z.object({ id: z.union([z.literal("en-vigueur"), idParam]) });

export const policyAcceptancesQuery = listQuery.extend({
  acceptation: z.enum(POLICY_ACCEPTANCE_FILTERS, { error: m.invalidFilter }).optional(),
});
export type PolicyAcceptancesQuery = z.infer<typeof policyAcceptancesQuery>;

export const policyAcceptanceRow = z.object({
  etudiant_id: z.number().int(),
  student_id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  centre: z.string().nullable(),
  accepted_at: z.string().nullable(),
});
export type PolicyAcceptanceRow = z.infer<typeof policyAcceptanceRow>;

export const policyAcceptancesReport = pageOf(policyAcceptanceRow).extend({
  version: policyVersion,
  acceptees: z.number().int(),
  etudiants_actifs: z.number().int(),
  /** Invited students who have not activated their account yet: not in `etudiants_actifs`. */
  etudiants_invites: z.number().int(),
});
export type PolicyAcceptancesReport = z.infer<typeof policyAcceptancesReport>;
