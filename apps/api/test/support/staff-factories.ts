import type { StaffRole } from "@puerta/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import { contactMessages, staffUsers } from "../../src/db/schema/index.ts";
import { insertStaffAccount } from "../../src/modules/staff/accounts.ts";
import { passwordHashOf } from "./factories.ts";

/** An active staff account with a password and no second factor yet: its first sign-in enrols. */
export async function createStaffMember(
  db: Database,
  input: { name: string; email: string; role: StaffRole; centreIds?: number[]; password: string },
): Promise<number> {
  const id = await insertStaffAccount(db, { ...input, centreIds: input.centreIds ?? [] });
  await db
    .update(staffUsers)
    .set({ passwordHash: await passwordHashOf(input.password) })
    .where(eq(staffUsers.id, id));
  return id;
}

/** A message as the public contact form stores it. */
export async function createContactMessage(
  db: Database,
  input: { nom: string; email: string; sujet: string; message: string; telephone?: string },
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({ telephone: "+212 6 00 00 00 00", ip: "127.0.0.1", ...input })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message not created");
  return row.id;
}
