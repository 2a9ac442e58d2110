import type { Database } from "../../db/client.ts";
import { contactMessages } from "../../db/schema/index.ts";

type Executor = Pick<Database, "insert">;

export type NewContactMessage = {
  nom: string;
  email: string;
  telephone: string;
  sujet: string;
  message: string;
  ip: string;
  mailId: number;
};

export async function insertContactMessage(executor: Executor, message: NewContactMessage): Promise<number> {
  const [row] = await executor.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error("contact insert returned nothing");
  return row.id;
}
