/**
 * The back-office's calendars (docs/spec/back-office.md section 5): extracurricular events
 * (`/api/gestion/parascolaire`) and holidays and closures (`/api/gestion/jours-feries`).
 */
import { z } from "zod";
import { EVENT_TYPES } from "../rules/calendars.ts";
import { CALENDAR_STAFF_MESSAGES, HOLIDAY_DATE_STATUSES, HOLIDAY_KINDS } from "../rules/calendars-staff.ts";
import { publishedYear, yearFilter } from "./published-years-staff.ts";
import { listQuery, pageOf } from "./staff.ts";

const m = CALENDAR_STAFF_MESSAGES;

/** A calendar day that exists (2027-02-30 does not). */
export const calendarDayField = z
  .string({ error: m.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
  .refine((day) => {
    const parsed = new Date(`${day}T12:00:00Z`);
    // A real day, in years PostgreSQL and the school calendar both take (no year 0).
    const year = Number(day.slice(0, 4));
    return year >= 1900 && year <= 2999 && !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  }, m.dateInvalid);

const timeField = z
  .string({ error: m.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeInvalid)
  .nullable();

const nom = z
  .string({ error: m.nomRequired })
  .trim()
  .min(1, { error: m.nomRequired, abort: true })
  .max(200, m.nomTooLong);
const description = z.string({ error: m.descriptionTooLong }).trim().max(5000, m.descriptionTooLong);

const centreIds = z
  .array(
    z
      .number({ error: m.centreUnknown })
      .int(m.centreUnknown)
      .positive(m.centreUnknown)
      .max(2_147_483_647, m.centreUnknown),
    { error: m.centreUnknown },
  )
  .max(50, m.centreUnknown);

const optionalId = z.coerce
  .number({ error: "Ce filtre n'est pas valide." })
  .int("Ce filtre n'est pas valide.")
  .positive("Ce filtre n'est pas valide.")
  .max(2_147_483_647, "Ce filtre n'est pas valide.")
  .optional();

/** Centres concerned: every centre, or at least one named centre. */
function checkCentres(
  body: { tous_centres?: boolean | undefined; centre_ids?: number[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.tous_centres === false && (body.centre_ids?.length ?? 0) === 0) {
    ctx.addIssue({ code: "custom", message: m.centresRequired, path: ["centre_ids"] });
  }
}

// ---------------------------------------------------------------- events

export const eventType = z.enum(EVENT_TYPES, { error: m.typeInvalid });

export const staffEvent = z.object({
  id: z.number().int(),
  nom: z.string(),
  date: z.string(),
  heure_debut: z.string().nullable(),
  heure_fin: z.string().nullable(),
  lieu: z.string(),
  description: z.string(),
  type: eventType,
  tous_centres: z.boolean(),
  centre_ids: z.array(z.number().int()),
  /** Path of the poster on the back-office API, or null. */
  affiche: z.string().nullable(),
  sequence: z.number().int(),
  updated_at: z.string(),
  /** The year it is published for: a closed year's event is read-only. */
  annee: publishedYear,
});
export type StaffEvent = z.infer<typeof staffEvent>;
export const staffEventsPage = pageOf(staffEvent);

export const staffEventsQuery = listQuery.extend({
  centre_id: optionalId,
  type: eventType.optional(),
  du: calendarDayField.optional(),
  au: calendarDayField.optional(),
  /** The school year (id or label); absent, the current one. */
  annee: yearFilter,
});
export type StaffEventsQuery = z.infer<typeof staffEventsQuery>;

const eventFields = z.object({
  nom,
  date: calendarDayField,
  heure_debut: timeField.default(null),
  heure_fin: timeField.default(null),
  lieu: z
    .string({ error: m.lieuRequired })
    .trim()
    .min(1, { error: m.lieuRequired, abort: true })
    .max(200, m.lieuTooLong),
  description: description.default(""),
  type: eventType,
  tous_centres: z.boolean({ error: m.centresRequired }).default(true),
  centre_ids: centreIds.default([]),
});

function checkHours(body: { heure_debut?: string | null; heure_fin?: string | null }, ctx: z.RefinementCtx) {
  if (body.heure_debut && body.heure_fin && body.heure_fin <= body.heure_debut) {
    ctx.addIssue({ code: "custom", message: m.endBeforeStart, path: ["heure_fin"] });
  }
}

export const staffEventCreateRequest = eventFields.superRefine((body, ctx) => {
  checkHours(body, ctx);
  checkCentres(body, ctx);
});
export type StaffEventCreateRequest = z.input<typeof staffEventCreateRequest>;

/** The server checks hours and centres again on the event as it will be after the change. */
export const staffEventUpdateRequest = z
  .object({
    nom: nom.optional(),
    date: calendarDayField.optional(),
    heure_debut: timeField.optional(),
    heure_fin: timeField.optional(),
    lieu: eventFields.shape.lieu.optional(),
    description: description.optional(),
    type: eventType.optional(),
    tous_centres: z.boolean({ error: m.centresRequired }).optional(),
    centre_ids: centreIds.optional(),
  })
  .superRefine((body, ctx) => {
    checkHours(body, ctx);
    checkCentres(body, ctx);
  });
export type StaffEventUpdateRequest = z.input<typeof staffEventUpdateRequest>;

// ---------------------------------------------------------------- holidays and closures

export const holidayKind = z.enum(HOLIDAY_KINDS, { error: m.categorieInvalid });

export const staffHoliday = z.object({
  id: z.number().int(),
  nom: z.string(),
  description: z.string().nullable(),
  categorie: holidayKind,
  date: z.string(),
  date_fin: z.string().nullable(),
  statut_date: z.enum(HOLIDAY_DATE_STATUSES).nullable(),
  tous_centres: z.boolean(),
  centre_ids: z.array(z.number().int()),
  /** Generated for the school year (national, international, religious), rather than added by hand. */
  genere: z.boolean(),
  sequence: z.number().int(),
  updated_at: z.string(),
});
export type StaffHoliday = z.infer<typeof staffHoliday>;
export const staffHolidaysPage = pageOf(staffHoliday);

const schoolYear = z.coerce
  .number({ error: m.yearInvalid })
  .int(m.yearInvalid)
  .min(2000, m.yearInvalid)
  .max(2100, m.yearInvalid);

export const staffHolidaysQuery = listQuery.extend({
  /** The school year by its first calendar year (2026 = 2026-2027); the current one by default. */
  annee: schoolYear.optional(),
  categorie: holidayKind.optional(),
  centre_id: optionalId,
});
export type StaffHolidaysQuery = z.infer<typeof staffHolidaysQuery>;

function checkRange(body: { date?: string | undefined; date_fin?: string | null | undefined }, ctx: z.RefinementCtx) {
  if (!body.date || !body.date_fin) return;
  if (body.date_fin < body.date) ctx.addIssue({ code: "custom", message: m.endDateBeforeStart, path: ["date_fin"] });
  else if (Date.parse(body.date_fin) - Date.parse(body.date) > 366 * 86_400_000) {
    ctx.addIssue({ code: "custom", message: m.rangeTooLong, path: ["date_fin"] });
  }
}

export const staffHolidayCreateRequest = z
  .object({
    nom,
    description: description.default(""),
    categorie: holidayKind,
    date: calendarDayField,
    date_fin: calendarDayField.nullable().default(null),
    tous_centres: z.boolean({ error: m.centresRequired }).default(true),
    centre_ids: centreIds.default([]),
  })
  .superRefine((body, ctx) => {
    checkRange(body, ctx);
    checkCentres(body, ctx);
  });
export type StaffHolidayCreateRequest = z.input<typeof staffHolidayCreateRequest>;

/** Moving a religious holiday's date confirms it ('Date confirmée'). */
export const staffHolidayUpdateRequest = z
  .object({
    nom: nom.optional(),
    description: description.optional(),
    date: calendarDayField.optional(),
    date_fin: calendarDayField.nullable().optional(),
    tous_centres: z.boolean({ error: m.centresRequired }).optional(),
    centre_ids: centreIds.optional(),
  })
  .superRefine((body, ctx) => {
    checkRange(body, ctx);
    checkCentres(body, ctx);
  });
export type StaffHolidayUpdateRequest = z.input<typeof staffHolidayUpdateRequest>;

export const holidayGenerateRequest = z.object({ annee: schoolYear });
export type HolidayGenerateRequest = z.input<typeof holidayGenerateRequest>;
export const holidayGenerateResponse = z.object({ annee: z.number().int(), created: z.number().int() });
