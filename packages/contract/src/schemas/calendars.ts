import { z } from "zod";

/** A calendar day as the API writes it. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/parascolaires and /api/parascolaires/{id}: docs/spec/student-portal.md section 3. */
export const eventRecord = z.object({
  id: z.number().int(),
  nom_evenement: z.string(),
  jour_evenement: day,
  lieu: z.string(),
  description: z.string(),
  is_future: z.boolean(),
  /** Path of the poster image on this API (an authorised route), or null. */
  affiche: z.string().nullable(),
  /** The type the staff picked (docs/spec/back-office.md section 5); inferred from the name when absent. */
  type: z.string().optional(),
  /** Start and end times (`HH:MM`), when the event has them. */
  heure_debut: z.string().nullable().optional(),
  heure_fin: z.string().nullable().optional(),
});

export type EventRecord = z.infer<typeof eventRecord>;

export const eventListResponse = z.object({ success: z.literal(true), data: z.array(eventRecord) });
export const eventResponse = z.object({ success: z.literal(true), data: eventRecord });

export const eventStats = z.object({
  total_events: z.number().int().nonnegative(),
  future_events: z.number().int().nonnegative(),
  past_events: z.number().int().nonnegative(),
});
export type EventStats = z.infer<typeof eventStats>;
export const eventStatsResponse = z.object({ success: z.literal(true), data: eventStats });

/** GET /api/jours-feries: docs/spec/student-portal.md sections 3 and 7. */
export const holidayRecord = z.object({
  id: z.number().int(),
  nom: z.string(),
  description: z.string().nullable(),
  formatted_date: day,
  /** Last day of a closure spanning several days; null for a single day. */
  date_fin: day.nullable().optional(),
  /** national, international, religieux, vacances or fermeture (docs/spec/back-office.md section 5). */
  categorie: z.string().optional(),
  /** Religious holidays: 'prevue' until the academy confirms the day, then 'confirmee'. */
  statut_date: z.enum(["prevue", "confirmee"]).nullable().optional(),
});
export type HolidayRecord = z.infer<typeof holidayRecord>;

export const holidayListResponse = z.object({
  success: z.literal(true),
  data: z.array(holidayRecord),
  message: z.string(),
});

export const holidayStats = z.object({
  total: z.number().int().nonnegative(),
  centres_fermes: z.number().int().nonnegative(),
  congé_tous: z.number().min(0).max(100),
});
export type HolidayStats = z.infer<typeof holidayStats>;
export const holidayStatsResponse = z.object({ success: z.literal(true), data: holidayStats });

/** `?type=` of the iCalendar feed. */
export const CALENDAR_FEED_TYPES = ["events", "holidays", "both"] as const;
export type CalendarFeedType = (typeof CALENDAR_FEED_TYPES)[number];
export const calendarFeedQuery = z.object({
  type: z.enum(CALENDAR_FEED_TYPES, { error: "Le type doit être events, holidays ou both." }).default("both"),
});

/**
 * The student's subscription link. The secret is stored hashed, so the link itself is only
 * sent once, in the answer that creates it; afterwards the student sees that one is active.
 */
export const calendarSubscription = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** Only in the answer to POST (creation or regeneration). */
  url: z.string().optional(),
  /** The same feed as `url` with the webcal: scheme calendar apps open directly. */
  webcal_url: z.string().optional(),
});
export type CalendarSubscription = z.infer<typeof calendarSubscription>;
export const calendarSubscriptionResponse = z.object({ success: z.literal(true), data: calendarSubscription });
