import {
  type CentreScopedEntity,
  centreLimit,
  centreRule,
  entityOf,
  type Permission,
  type StaffActor,
} from "@puerta/contract";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  centres,
  certificateRequests,
  etudiants,
  joursFeries,
  notifications,
  parascolaires,
  planifications,
} from "../db/schema/index.ts";

/**
 * "A secretary sees only her centres", decided once: the contract says how far each role's grant
 * reaches and what "hers" means per entity (`centreLimit`, `centreRule`, decision 099); this file
 * says, once per entity, how a row finds its centres, and turns the two into SQL. Every list,
 * count and export of a centre-scoped entity filters with `inCentreScope`; a row asked for by id
 * or written is judged by the contract's `can` (staff-session.ts), which reads the same rule.
 */

/** A row's centres: its one centre, or the centres it targets (`null` = every centre). */
type RowCentres = { one: AnyColumn | SQL } | { many: SQL<(number | null)[]> };

const EVERY_CENTRE = sql`array[null]::integer[]`;
const byName = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`;

/**
 * The centres a notification's audience reaches: its centres, the centres of the students it
 * names (null for one without a centre), or every centre for everyone, options and filières,
 * which cross centres, unless narrowed to centres.
 */
export const notificationCentres = sql<(number | null)[]>`case
  when ${notifications.typeDestinataire} = 'centre' then ${notifications.centreIds}
  when ${notifications.typeDestinataire} = 'etudiant_specifique' then array(select e.centre_id from ${etudiants} e where e.id = any(${notifications.etudiantIds}))
  when ${notifications.typeDestinataire} in ('option', 'filiere') and cardinality(${notifications.centreIds}) > 0 then ${notifications.centreIds}
  else ${EVERY_CENTRE} end`;

/** An event's centres: every centre, or those it names. */
const eventCentres = sql<(number | null)[]>`case when ${parascolaires.tousCentres} then ${EVERY_CENTRE}
  else array(select pc.centre_id from parascolaire_centres pc where pc.parascolaire_id = ${byName("parascolaires", "id")}) end`;

/**
 * A holiday's centres, as the contract's `holidayScope`: only an academy closure (vacances,
 * fermeture) aimed at named centres is scoped; every other entry counts as every centre.
 */
const holidayCentres = sql<(number | null)[]>`case
  when ${joursFeries.categorie} in ('vacances', 'fermeture') and not ${joursFeries.fermeTous}
  then array(select jc.centre_id from jours_feries_centres jc where jc.jour_ferie_id = ${byName("jours_feries", "id")})
  else ${EVERY_CENTRE} end`;

/** A certificate request belongs to its student's current centre (the request's own once the student is gone). */
export const requestCentre = sql<number | null>`coalesce(${etudiants.centreId}, ${certificateRequests.centreId})`;

/** How a row of each centre-scoped entity finds its centres; the query must read the tables named here. */
const ROW_CENTRES: Record<CentreScopedEntity, RowCentres> = {
  etudiants: { one: etudiants.centreId },
  plannings: { one: planifications.centreId },
  demandes: { one: requestCentre },
  notifications: { many: notificationCentres },
  parascolaire: { many: eventCentres },
  "jours-feries": { many: holidayCentres },
};

const integerArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::integer[]`;

/**
 * The rows of `permission`'s entity this staff member may list, count or export, as a condition
 * (undefined: every row). The SQL twin of the contract's `isHers`, tested against it as a table
 * (apps/api/test/staff/centre-scope.test.ts).
 */
export function inCentreScope(actor: StaffActor, permission: Permission): SQL | undefined {
  const mine = centreLimit(actor, permission);
  if (mine === null) return undefined;
  const row = ROW_CENTRES[entityOf(permission) as CentreScopedEntity];
  // A grant limited to centres on an entity with no centres would be a mistake of the role table: nothing.
  if (!row) return sql`false`;
  const ids = integerArray(mine);
  if ("one" in row) return sql`coalesce(${row.one} = any(${ids}), false)`;
  const targets = row.many;
  if (centreRule(permission) === "overlaps") {
    return sql`(array_position(${targets}, null) is not null or ${targets} && ${ids})`;
  }
  return sql`(cardinality(${targets}) > 0 and array_position(${targets}, null) is null and ${targets} <@ ${ids})`;
}

/** The centres a form offers for `permission` (a picker's list): every centre, or the staff member's own. */
export function centresWithin(actor: StaffActor, permission: Permission): SQL | undefined {
  const mine = centreLimit(actor, permission);
  return mine === null ? undefined : sql`${centres.id} = any(${integerArray(mine)})`;
}
