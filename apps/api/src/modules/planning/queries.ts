import { DOCUMENT_DOWNLOADS } from "@puerta/contract";
import { and, eq, isNull, or, type Placeholder, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { centres, etudiants, options, planifications, storedFiles } from "../../db/schema/index.ts";
import { jsonArray, jsonObject, rowJson } from "../../lib/json-text.ts";
import { inCurrentYear } from "../publishing/school-year.ts";

/** The folder `fichier_path` names (docs/spec/student-portal.md section 3); files are found by name, never by path. */
const PLANNING_FOLDER = "planifications";

/**
 * The plannings a user may see, in one query: joined to the user's own student row, so a user
 * without one sees nothing; their centre (every centre when they have none); no option or
 * their option; active and not withdrawn (docs/spec/back-office.md section 5) only; published for
 * the current school year (docs/spec/school-year-and-data.md section 2: a closed year's are gone).
 */
const visibleTo = (userId: number | Placeholder) =>
  and(
    eq(etudiants.userId, userId),
    eq(planifications.actif, true),
    isNull(planifications.withdrawnAt),
    inCurrentYear(planifications.anneeId),
    or(isNull(etudiants.centreId), eq(planifications.centreId, etudiants.centreId)),
    or(isNull(planifications.optionId), eq(planifications.optionId, etudiants.optionId)),
  );

/**
 * The planning of docs/spec/student-portal.md section 3 as the columns of a lateral row `x`, in the contract's key order
 * (row_to_json then writes the wire JSON); `taille_fichier` is the stored file's real size.
 */
const planningRow = sql`select
    ${planifications.id} as "id",
    ${planifications.titre} as "titre",
    ${`${PLANNING_FOLDER}/`} || ${planifications.fileName} as "fichier_path",
    ${`${DOCUMENT_DOWNLOADS.planning}/`} || ${planifications.fileName} as "fichier_url",
    ${planifications.typeFichier} as "type_fichier",
    ${planifications.semaineDebut} as "semaine_debut",
    ${planifications.semaineFin} as "semaine_fin",
    ${planifications.description} as "description",
    ${planifications.actif} as "actif",
    case when ${options.id} is not null then ${jsonObject({ id: options.id, nom: options.nom })} end as "option",
    ${jsonObject({ id: centres.id, nom: centres.nom, adresse: centres.adresse })} as "centre",
    ${storedFiles.sizeBytes} as "taille_fichier"`;

/** The wire JSON list of the plannings a user may see, by centre, newest week first: prepared once. */
export function visiblePlanningsJson(db: Database) {
  const order = sql`${centres.nom} asc, ${planifications.semaineDebut} desc, ${planifications.id} asc`;
  const query = prepared<{ json: string }>(
    db,
    "plannings_list",
    sql`select ${jsonArray(rowJson("x"), order)} as json
      from ${planifications}
      join ${etudiants} on ${visibleTo(sql.placeholder("userId"))}
      join ${centres} on ${centres.id} = ${planifications.centreId}
      join ${storedFiles} on ${storedFiles.key} = ${planifications.fileKey}
      left join ${options} on ${options.id} = ${planifications.optionId}
      cross join lateral (${planningRow}) x`,
  );
  return async (userId: number) => (await query({ userId }))[0]?.json ?? "[]";
}

/** The file of a planning the user may see, by its public file name; undefined otherwise. */
export async function visiblePlanningFile(db: Database, userId: number, fileName: string) {
  const [row] = await db
    .select({ key: planifications.fileKey, fileName: planifications.fileName })
    .from(planifications)
    .innerJoin(etudiants, visibleTo(userId))
    .where(eq(planifications.fileName, fileName));
  return row;
}
