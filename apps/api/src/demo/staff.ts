import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { centres, staffUserCentres, staffUsers } from "../db/schema/index.ts";
import { hashPassword } from "../lib/password-hash.ts";

export const DEMO_STAFF_PASSWORD = "Gestion2025";
export const DEMO_STAFF = {
  direction: "direction.demo@example.com",
  secretariat: "secretariat.demo@example.com",
  pedagogie: "pedagogie.demo@example.com",
} as const;

/**
 * The three demo staff accounts (docs/spec/back-office.md section 2): activated, no second factor yet,
 * so that the first sign-in enrols one. Does nothing when any staff account exists.
 */
export async function seedStaff(db: Database) {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(staffUsers);
  if ((count?.n ?? 0) > 0) return;
  const [ainSebaa] = await db.select({ id: centres.id }).from(centres).where(eq(centres.nom, "Ain Sebaa"));
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  const accounts = [
    { name: "Nadia Berrada", email: DEMO_STAFF.direction, role: "direction" as const, centreIds: [] },
    {
      name: "Salma Tazi",
      email: DEMO_STAFF.secretariat,
      role: "secretariat" as const,
      centreIds: ainSebaa ? [ainSebaa.id] : [],
    },
    { name: "Karim Alaoui", email: DEMO_STAFF.pedagogie, role: "pedagogie" as const, centreIds: [] },
  ];
  await db.transaction(async (tx) => {
    for (const { centreIds, ...account } of accounts) {
      const [row] = await tx
        .insert(staffUsers)
        .values({ ...account, passwordHash })
        .returning({ id: staffUsers.id });
      if (row && centreIds.length > 0) {
        await tx.insert(staffUserCentres).values(centreIds.map((centreId) => ({ staffId: row.id, centreId })));
      }
    }
  });
}
