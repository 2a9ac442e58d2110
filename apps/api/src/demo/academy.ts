import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { centres, etudiants, filieres, options, users } from "../db/schema/index.ts";
import { hashPassword } from "../lib/password-hash.ts";

export const DEMO_PASSWORD = "Selectividad2025";
export const DEMO_STUDENTS = {
  first: "etudiant.demo@example.com",
  second: "etudiant2.demo@example.com",
} as const;

const CENTRES = [
  { nom: "Ain Sebaa", adresse: "Boulevard Ahl Loghlam, Aïn Sebaâ, Casablanca" },
  { nom: "Moulay Youssef", adresse: "Boulevard Moulay Youssef, Casablanca" },
  { nom: "Zenith", adresse: "Zenith Millenium, Sidi Maârouf, Casablanca" },
];

const FILIERES = ["Sciences de la santé", "Ingénierie et architecture", "Économie et gestion", "Langue espagnole"];

const OPTIONS = [
  { nom: "Selectividad Santé", filiere: "Sciences de la santé" },
  { nom: "Selectividad Ingénierie", filiere: "Ingénierie et architecture" },
  { nom: "Selectividad Économie", filiere: "Économie et gestion" },
  { nom: "Préparation DELE / SIELE", filiere: "Langue espagnole" },
];

/** Centres, filières, options and the two demo students; does nothing when already there. */
export async function seedAcademy(db: Database) {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((count?.n ?? 0) > 0) return;

  const centreRows = await db.insert(centres).values(CENTRES).onConflictDoNothing().returning();
  const filiereRows = await db
    .insert(filieres)
    .values(FILIERES.map((nom) => ({ nom })))
    .onConflictDoNothing()
    .returning();
  const filiereId = (nom: string) => filiereRows.find((f) => f.nom === nom)?.id ?? null;
  const optionRows = await db
    .insert(options)
    .values(OPTIONS.map((o) => ({ nom: o.nom, filiereId: filiereId(o.filiere) })))
    .onConflictDoNothing()
    .returning();
  const centre = (nom: string) => centreRows.find((c) => c.nom === nom);
  const option = (nom: string) => optionRows.find((o) => o.nom === nom);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const students = [
    {
      email: DEMO_STUDENTS.first,
      nom: "El Amrani",
      prenom: "Yasmine",
      studentId: "PU-2025-0001",
      telephone: "+212612345678",
      cin: "BE123456",
      centre: centre("Ain Sebaa"),
      option: option("Selectividad Santé"),
    },
    {
      email: DEMO_STUDENTS.second,
      nom: "Benjelloun",
      prenom: "Omar",
      studentId: "PU-2025-0002",
      telephone: "+212698765432",
      cin: "BK654321",
      centre: centre("Zenith"),
      option: option("Selectividad Ingénierie"),
    },
  ];
  for (const s of students) {
    const [user] = await db
      .insert(users)
      .values({ name: `${s.prenom} ${s.nom}`, email: s.email, passwordHash })
      .returning({ id: users.id });
    if (!user) continue;
    await db.insert(etudiants).values({
      userId: user.id,
      studentId: s.studentId,
      nom: s.nom,
      prenom: s.prenom,
      email: s.email,
      telephone: s.telephone,
      cin: s.cin,
      centreId: s.centre?.id ?? null,
      optionId: s.option?.id ?? null,
      filiereId: s.option?.filiereId ?? null,
    });
  }
}
