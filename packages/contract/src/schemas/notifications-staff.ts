import { z } from "zod";
import { AUDIENCE_TYPES } from "../rules/notifications.ts";
import {
  LOCAL_DATE_TIME,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_READ_FILTERS,
  NOTIFICATION_STAFF_LIMITS,
  NOTIFICATION_STAFF_MESSAGES,
  NOTIFICATION_STATES,
  PUBLICATION_MODES,
  SENDER_MODES,
  TRASH_KINDS,
} from "../rules/notifications-staff.ts";
import { publishedYear, yearFilter } from "./published-years-staff.ts";
import { listQuery, pageOf } from "./staff-lists.ts";

/**
 * The back-office's notifications and restore bin (docs/spec/back-office.md sections 5 and 8).
 * The audience is the stored notification fields' (`type_destinataire` and one id list), so the
 * student side's SQL rule keeps deciding who sees it (decision 025).
 */

const nm = NOTIFICATION_STAFF_MESSAGES;
const L = NOTIFICATION_STAFF_LIMITS;

const positiveId = z
  .number({ error: nm.audienceUnknown })
  .int(nm.audienceUnknown)
  .positive(nm.audienceUnknown)
  .max(2_147_483_647, nm.audienceUnknown);

const idList = z
  .array(positiveId, { error: nm.audienceIds })
  .max(L.audienceIdsMax, nm.audienceIdsTooMany)
  .default([])
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** The audience types `centre_ids` narrows: "Selectividad Santé at Ain Sebaa" (issue 28). */
export const AUDIENCE_TYPES_WITH_CENTRES = ["option", "filiere"] as const;
const narrowable = (type: string) => (AUDIENCE_TYPES_WITH_CENTRES as readonly string[]).includes(type);

/**
 * Who receives it: every student, or the listed centres, options, filières or students. Options
 * and filières may be narrowed to some centres (`centre_ids`; none: every centre), which is how
 * the secretariat addresses an option inside her centres.
 */
export const notificationAudience = z
  .object({
    type: z.enum(AUDIENCE_TYPES, { error: nm.audienceType }),
    ids: idList,
    centre_ids: idList,
  })
  .transform((audience) => ({
    type: audience.type,
    ids: audience.type === "tous" ? [] : audience.ids,
    centre_ids: narrowable(audience.type) ? audience.centre_ids : [],
  }))
  .refine((audience) => audience.type === "tous" || audience.ids.length > 0, {
    message: nm.audienceIds,
    path: ["ids"],
  });
export type NotificationAudience = z.output<typeof notificationAudience>;
export type NotificationAudienceInput = z.input<typeof notificationAudience>;

const titre = z.string({ error: nm.titreRequired }).trim().min(1, nm.titreRequired).max(L.titreMax, nm.titreTooLong);
/** Plain text: line breaks are kept, trailing spaces only are trimmed. */
const message = z
  .string({ error: nm.messageRequired })
  .transform((text) => text.replace(/\r\n?/g, "\n").trimEnd())
  .pipe(z.string().min(1, nm.messageRequired).max(L.messageMax, nm.messageTooLong));
const link = z
  .string({ error: nm.link })
  .trim()
  .max(L.linkMax, nm.link)
  .refine((value) => value === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), nm.link)
  .transform((value) => (value === "" ? null : value))
  .nullish();

const composeFields = {
  titre,
  message,
  priority: z.enum(NOTIFICATION_PRIORITIES, { error: nm.priority }),
  link,
  audience: notificationAudience,
  sender: z.enum(SENDER_MODES, { error: nm.sender }),
  publication: z.enum(PUBLICATION_MODES, { error: nm.publication }),
  /** Required with `publication: "programmee"`: `YYYY-MM-DDTHH:mm`, Casablanca time. */
  publish_at: z.string({ error: nm.publishAtInvalid }).regex(LOCAL_DATE_TIME, nm.publishAtInvalid).nullish(),
  email_copy: z.boolean({ error: "Valeur invalide." }).default(false),
};

const needsDate = (body: { publication?: string; publish_at?: string | null }) =>
  body.publication !== "programmee" || Boolean(body.publish_at);

export const notificationStaffCreateRequest = z
  .object(composeFields)
  .refine(needsDate, { message: nm.publishAtRequired, path: ["publish_at"] });
export type NotificationStaffCreateRequest = z.input<typeof notificationStaffCreateRequest>;
export type NotificationStaffCreate = z.output<typeof notificationStaffCreateRequest>;

/** An edit sends the fields it changes; a published one is corrected in place. */
export const notificationStaffUpdateRequest = z
  .object(composeFields)
  .partial()
  .refine(needsDate, { message: nm.publishAtRequired, path: ["publish_at"] });
export type NotificationStaffUpdateRequest = z.input<typeof notificationStaffUpdateRequest>;
export type NotificationStaffUpdate = z.output<typeof notificationStaffUpdateRequest>;

export const notificationStaff = z.object({
  id: z.number().int(),
  titre: z.string(),
  message: z.string(),
  priority: z.string().nullable(),
  link: z.string().nullable(),
  /** `/api/gestion/notifications/{id}/photo` when it has one. */
  photo: z.string().nullable(),
  sender: z.string().nullable(),
  audience: z.object({ type: z.string(), ids: z.array(z.number().int()), centre_ids: z.array(z.number().int()) }),
  audience_summary: z.string(),
  state: z.enum(NOTIFICATION_STATES),
  /** ISO instants (UTC). */
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  withdrawn_at: z.string().nullable(),
  email_copy: z.boolean(),
  emailed_at: z.string().nullable(),
  created_by: z.string().nullable(),
  read_count: z.number().int(),
  recipient_count: z.number().int(),
  /** The year it is published for: a closed year's notification is read-only. */
  annee: publishedYear,
});
export type NotificationStaff = z.infer<typeof notificationStaff>;

export const notificationsStaffQuery = listQuery.extend({
  state: z.enum(NOTIFICATION_STATES, { error: "Ce filtre n'est pas valide." }).optional(),
  priority: z.enum(NOTIFICATION_PRIORITIES, { error: "Ce filtre n'est pas valide." }).optional(),
  audience: z.enum(AUDIENCE_TYPES, { error: "Ce filtre n'est pas valide." }).optional(),
  /** The school year (id or label); absent, the current one. */
  annee: yearFilter,
});
export type NotificationsStaffQuery = z.infer<typeof notificationsStaffQuery>;
export const notificationsStaffPage = pageOf(notificationStaff);

export const audienceCountRequest = z.object({ audience: notificationAudience });
export const audienceCountResponse = z.object({
  count: z.number().int(),
  /** Why nobody will receive it, when `count` is 0 ("Aucun étudiant ne la recevra : …"). */
  why: z.string().nullable().optional(),
});
export type AudienceCountResponse = z.infer<typeof audienceCountResponse>;

/** The pickers of the audience builder: what the staff member may address. */
const choice = z.object({ id: z.number().int(), name: z.string() });
export const audienceChoicesResponse = z.object({
  centres: z.array(choice),
  options: z.array(choice),
  filieres: z.array(choice),
});
export type AudienceChoices = z.infer<typeof audienceChoicesResponse>;

export const audienceStudentsQuery = z.object({
  q: z.string().trim().max(200, "La recherche ne doit pas dépasser 200 caractères.").optional(),
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, "Ce filtre n'est pas valide.")
    .optional(),
});
export const audienceStudent = z.object({
  id: z.number().int(),
  name: z.string(),
  student_id: z.string(),
  centre: z.string().nullable(),
  /** A deactivated account: it can be picked but receives nothing. */
  desactive: z.boolean(),
});
export type AudienceStudent = z.infer<typeof audienceStudent>;
export const audienceStudentsResponse = z.object({ data: z.array(audienceStudent) });

export const notificationReadsQuery = listQuery.extend({
  lecture: z.enum(NOTIFICATION_READ_FILTERS, { error: "Ce filtre n'est pas valide." }).optional(),
});
export type NotificationReadsQuery = z.infer<typeof notificationReadsQuery>;
export const notificationReader = z.object({
  etudiant_id: z.number().int(),
  name: z.string(),
  student_id: z.string(),
  centre: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type NotificationReader = z.infer<typeof notificationReader>;
export const notificationReadsPage = pageOf(notificationReader).extend({
  read_count: z.number().int(),
  recipient_count: z.number().int(),
});
export type NotificationReadsPage = z.infer<typeof notificationReadsPage>;

// ---------------------------------------------------------------- restore bin

export const trashItem = z.object({
  kind: z.string(),
  kind_label: z.string(),
  id: z.number().int(),
  title: z.string(),
  withdrawn_at: z.string(),
  withdrawn_by: z.string().nullable(),
  /** When it will be purged: 30 days after withdrawal. */
  purge_at: z.string(),
});
export type TrashItemView = z.infer<typeof trashItem>;
export const trashQuery = listQuery.extend({
  kind: z.enum(TRASH_KINDS, { error: "Ce filtre n'est pas valide." }).optional(),
});
export type TrashQuery = z.infer<typeof trashQuery>;
export const trashPage = pageOf(trashItem).extend({
  /** The kinds this staff member may restore, for the filter. */
  kinds: z.array(z.object({ kind: z.string(), label: z.string() })),
});
export type TrashPage = z.infer<typeof trashPage>;
export const trashRestoreParams = z.object({
  kind: z.string().max(40),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
