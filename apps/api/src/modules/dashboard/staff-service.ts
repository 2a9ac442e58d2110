import { can, type DashboardCounter, type Permission, type StaffActor } from "@puerta/contract";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { contactMessages, etudiants, notifications, staffUsers, users } from "../../db/schema/index.ts";
import { inCentreScope } from "../../lib/centre-scope.ts";
import { pendingRequestsCounter } from "../certificates/staff-service.ts";
import { countNotAcceptedCurrent } from "../policy/staff-service.ts";
import { inCurrentYear } from "../publishing/school-year.ts";

/**
 * One counter of the dashboard (docs/spec/back-office.md section 3). Each feature adds its counter to
 * COUNTER_PROVIDERS below (demandes en attente, messages non traités…), and nothing else changes.
 */
export type CounterProvider = {
  key: string;
  label: string;
  /** The filtered list the counter opens. */
  href: string;
  /** Who sees the counter. */
  permission: Permission;
  count(db: Database, actor: StaffActor): Promise<number>;
};

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

export const COUNTER_PROVIDERS: readonly CounterProvider[] = [
  pendingRequestsCounter,
  {
    key: "messages",
    label: "Messages non traités",
    href: "/gestion/messages?statut=nouveau",
    permission: "read:messages",
    count: (db) =>
      countOf(
        db.select({ n: sql<number>`count(*)::int` }).from(contactMessages).where(isNull(contactMessages.handledAt)),
      ),
  },
  {
    key: "politique",
    label: "Étudiants n'ayant pas accepté la politique en vigueur",
    href: "/gestion/politique/en-vigueur?acceptation=non_acceptee",
    permission: "read:politique",
    count: (db) => countNotAcceptedCurrent(db),
  },
  {
    key: "invitations",
    // Staff accounts only: the students' invitations have their own counter below (issue 28).
    label: "Invitations du personnel en attente",
    href: "/gestion/comptes?statut=invitation_envoyee",
    permission: "read:comptes",
    count: (db) =>
      countOf(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(staffUsers)
          .where(and(isNull(staffUsers.passwordHash), isNull(staffUsers.deactivatedAt))),
      ),
  },
  {
    key: "invitations_etudiants",
    label: "Étudiants invités n'ayant pas activé leur compte",
    href: "/gestion/etudiants?statut=invitation_envoyee",
    // Whoever may filter the students by status (the pedagogy's list has no status filter).
    // The current year's enrolled students only (docs/spec/school-year-and-data.md section 1):
    // a former student's unused invitation is not today's work.
    permission: "update:etudiants",
    count: (db, actor) =>
      countOf(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(etudiants)
          .innerJoin(users, eq(users.id, etudiants.userId))
          .where(
            and(
              isNull(users.passwordHash),
              isNull(users.deactivatedAt),
              eq(etudiants.statutScolaire, "inscrit"),
              inCurrentYear(etudiants.promotionId),
              inCentreScope(actor, "read:etudiants"),
            ),
          ),
      ),
  },
  {
    key: "notifications_programmees",
    label: "Notifications programmées",
    href: "/gestion/notifications?state=programmee",
    permission: "read:notifications",
    count: (db, actor) =>
      countOf(
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(
            and(
              isNull(notifications.withdrawnAt),
              gt(notifications.publishedAt, sql`now()`),
              // A closed year's scheduled notification reaches nobody: not today's work either.
              inCurrentYear(notifications.anneeId),
              inCentreScope(actor, "read:notifications"),
            ),
          ),
      ),
  },
];

/** The counters this staff member may see, in the providers' order. */
export async function dashboardCounters(
  db: Database,
  actor: StaffActor,
  providers: readonly CounterProvider[] = COUNTER_PROVIDERS,
): Promise<DashboardCounter[]> {
  const visible = providers.filter((provider) => can(actor, provider.permission));
  return Promise.all(
    visible.map(async ({ key, label, href, count }) => ({ key, label, href, value: await count(db, actor) })),
  );
}
