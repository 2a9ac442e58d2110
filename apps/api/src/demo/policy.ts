import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { policies, policyAcceptances, users } from "../db/schema/index.ts";
import { DEMO_STUDENTS } from "./academy.ts";

// Markdown, as the back-office writes it (docs/spec/back-office.md section 6).
const CONTENT = `## Article 1 — Objet

La présente politique précise les conditions dans lesquelles les frais d'inscription et de scolarité versés à l'académie restent acquis. Elle s'applique à toutes les formations : préparation à la Selectividad, parcours parallèle, préparation au DELE et au SIELE.

## Article 2 — Frais d'inscription

Les frais d'inscription couvrent l'ouverture du dossier, le test de positionnement, l'abonnement d'un an à la bibliothèque et l'accès à l'espace étudiant. Ils ne sont remboursables en aucun cas, y compris en cas de désistement avant la rentrée.

## Article 3 — Frais de scolarité

Toute mensualité ou tout trimestre entamé est dû en totalité. Les sommes versées ne sont pas remboursées en cas d'abandon, d'absence, d'exclusion pour motif disciplinaire ou de changement d'orientation de l'étudiant.

## Article 4 — Séjour linguistique et examens officiels

Les frais du séjour linguistique à Madrid et les droits d'inscription aux examens officiels (Selectividad, DELE, SIELE) sont reversés à des organismes tiers dès l'inscription. Ils ne peuvent donner lieu à aucun remboursement par l'académie.

## Article 5 — Cas exceptionnels

En cas de force majeure dûment justifiée (maladie grave attestée par un certificat médical, décès d'un parent proche), la direction peut proposer un report de la formation à la session suivante. Ce report ne constitue pas un remboursement et doit être demandé par écrit dans les trente jours.

## Article 6 — Bourse d'excellence

La réduction de 25 % accordée aux bacheliers ayant obtenu 16/20 ou plus est liée à l'assiduité. Elle est retirée, sans remboursement de la différence déjà appliquée, en cas d'absences répétées non justifiées.

## Article 7 — Acceptation

En cochant la case prévue à cet effet, l'étudiant — ou son représentant légal s'il est mineur — reconnaît avoir lu la présente politique, l'accepter sans réserve et en avoir reçu une copie consultable à tout moment depuis son espace étudiant.

## Article 8 — Contact

Pour toute question relative à cette politique, l'étudiant peut s'adresser au secrétariat de son centre ou écrire à l'administration de l'académie.`;

/** The policy in force, and the second demo student's acceptance of it. */
export async function seedPolicy(db: Database) {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(policies);
  if ((existing?.n ?? 0) > 0) return;
  const [policy] = await db
    .insert(policies)
    .values({ version: 1, title: "Politique de non-remboursement", content: CONTENT, effectiveDate: "2025-09-01" })
    .returning();
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STUDENTS.second));
  if (policy && student) {
    await db
      .insert(policyAcceptances)
      .values({ userId: student.id, policyId: policy.id, ip: "127.0.0.1", userAgent: "seed" })
      .onConflictDoNothing();
  }
}
