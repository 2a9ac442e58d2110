/**
 * Test data, made the way the app stores it: API tests, e2e/server.ts and the benches
 * (scripts/bench) build their students, tokens and notifications here rather than each
 * writing its own rows. Published as `@puerta/api/testing`.
 */
import { schoolYearOf } from "@puerta/contract";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import {
  centres,
  etudiants,
  joursFeries,
  notifications,
  options,
  policies,
  policyAcceptances,
  users,
} from "../../src/db/schema/index.ts";
import { hashPassword } from "../../src/lib/password-hash.ts";
import { randomToken, sha256Hex } from "../../src/lib/tokens.ts";
import { insertToken } from "../../src/modules/auth/queries.ts";

export const FACTORY_PASSWORD = "Factory-Password-2025";

const hashes = new Map<string, Promise<string>>();
/**
 * The argon2 hash of `password`, computed once per process: a real hash that login verifies,
 * without paying its deliberate slowness for every account a test makes.
 */
export function passwordHashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

let sequence = 0;
const next = () => `${process.pid}-${Date.now().toString(36)}-${++sequence}`;

/** An address no other test (nor the demo seed) uses: `prefix.<unique>@example.com`. */
export const uniqueEmail = (prefix = "test") => `${prefix}.${next()}@example.com`;

/** A name no other test (nor the demo seed) uses, for a test to find its own rows by: `prefix <unique>`. */
export const uniqueName = (prefix: string) => `${prefix} ${next()}`;

export type StudentInput = {
  email?: string;
  nom?: string;
  prenom?: string;
  /** A plain password, hashed here; or `passwordHash` to share one hash across many students. */
  password?: string;
  passwordHash?: string;
  studentId?: string;
  cin?: string;
  telephone?: string;
  /** Centre and option by name (the demo seed's); none when omitted. */
  centre?: string;
  option?: string;
  /** Accepts the current policy, when one is published. */
  acceptedPolicy?: boolean;
};

export type CreatedStudent = {
  userId: number;
  etudiantId: number;
  email: string;
  password: string;
  centreId: number | null;
  optionId: number | null;
  filiereId: number | null;
};

/** A user with its `etudiants` row, as an enrolment makes it. */
export async function createStudent(db: Database, input: StudentInput = {}): Promise<CreatedStudent> {
  const tag = next();
  const email = input.email ?? `etudiant.${tag}@example.com`;
  const password = input.password ?? FACTORY_PASSWORD;
  const nom = input.nom ?? "Test";
  const prenom = input.prenom ?? "Étudiant";
  const [centre] = input.centre ? await db.select().from(centres).where(eq(centres.nom, input.centre)) : [];
  const [option] = input.option ? await db.select().from(options).where(eq(options.nom, input.option)) : [];
  if (input.centre && !centre) throw new Error(`centre inconnu : ${input.centre}`);
  if (input.option && !option) throw new Error(`option inconnue : ${input.option}`);
  const [user] = await db
    .insert(users)
    .values({ name: `${prenom} ${nom}`, email, passwordHash: input.passwordHash ?? (await passwordHashOf(password)) })
    .returning({ id: users.id });
  if (!user) throw new Error(`student ${email} not created`);
  const [etudiant] = await db
    .insert(etudiants)
    .values({
      userId: user.id,
      studentId: input.studentId ?? `T-${tag}`,
      nom,
      prenom,
      email,
      telephone: input.telephone ?? "+212 6 00 00 00 00",
      cin: input.cin ?? `T${user.id}`,
      centreId: centre?.id ?? null,
      optionId: option?.id ?? null,
      filiereId: option?.filiereId ?? null,
    })
    .returning({ id: etudiants.id });
  if (!etudiant) throw new Error(`student ${email} not created`);
  if (input.acceptedPolicy) await acceptCurrentPolicy(db, user.id);
  return {
    userId: user.id,
    etudiantId: etudiant.id,
    email,
    password,
    centreId: centre?.id ?? null,
    optionId: option?.id ?? null,
    filiereId: option?.filiereId ?? null,
  };
}

/** Records the user's acceptance of the policy in force (the highest version) (none published: nothing to accept). */
export async function acceptCurrentPolicy(db: Database, userId: number) {
  const [policy] = await db
    .select()
    .from(policies)
    .where(eq(policies.status, "publiee"))
    .orderBy(desc(policies.version))
    .limit(1);
  if (!policy) return;
  await db.insert(policyAcceptances).values({ userId, policyId: policy.id, ip: "127.0.0.1", userAgent: "factory" });
}

/** A live bearer token for the user, as login issues it, without the captcha and the argon2 work. */
export async function createAccessToken(db: Database, userId: number, lifetimeHours = 24): Promise<string> {
  const secret = randomToken();
  const id = await insertToken(db, userId, sha256Hex(secret), lifetimeHours);
  return `${id}|${secret}`;
}

export type NotificationInput = {
  titre?: string;
  message?: string;
  typeDestinataire?: string;
  etudiantIds?: number[];
  optionIds?: number[];
  centreIds?: number[];
  filiereIds?: number[];
  link?: string | null;
  sender?: string;
  createdAt?: Date;
};

export async function createNotification(db: Database, input: NotificationInput = {}) {
  const [row] = await db
    .insert(notifications)
    .values({
      titre: input.titre ?? `Notification ${next()}`,
      message: input.message ?? "Message de test.",
      typeDestinataire: input.typeDestinataire ?? "tous",
      etudiantIds: input.etudiantIds ?? [],
      optionIds: input.optionIds ?? [],
      centreIds: input.centreIds ?? [],
      filiereIds: input.filiereIds ?? [],
      link: input.link ?? null,
      sender: input.sender ?? "Test",
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error("notification not created");
  return row.id;
}

export type GeneratedHolidayInput = {
  /** The day, in the school year the holiday then belongs to. */
  jour: string;
  categorie?: "national" | "international" | "religieux";
  nom?: string;
};

/**
 * A holiday as the back-office's "Générer" writes it (for every centre; a religious one 'prevue'
 * until the staff confirm it), under a key of its own so that it never meets the demo seed's:
 * a test that confirms, moves or withdraws a generated holiday changes only its own.
 */
export async function createGeneratedHoliday(db: Database, input: GeneratedHolidayInput): Promise<number> {
  const tag = next();
  const categorie = input.categorie ?? "religieux";
  const [row] = await db
    .insert(joursFeries)
    .values({
      nom: input.nom ?? `Fête ${tag}`,
      jour: input.jour,
      description: categorie === "religieux" ? "Jour férié religieux (test)." : null,
      categorie,
      statutDate: categorie === "religieux" ? "prevue" : null,
      cle: `test-${tag}`,
      anneeScolaire: schoolYearOf(input.jour).startYear,
    })
    .returning({ id: joursFeries.id });
  if (!row) throw new Error("holiday not created");
  return row.id;
}
