/**
 * The PostgreSQL server of the tests that need one whatever TEST_DATABASE_URL says (several API
 * processes on one database, PostgreSQL's own faults): CI always has it; unreachable, such a
 * file fails loudly instead of skipping.
 */
import pg from "pg";

/** The server's administrative URL: TEST_DATABASE_URL, or the local default. */
export const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** `postgresUrl` with another database in its path. */
export function databaseUrl(name: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on one client of `url` (the server's own database unless told), closed after. */
export async function onPostgres<T>(work: (client: pg.Client) => Promise<T>, url = postgresUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect(); // throws when PostgreSQL is down: the file fails, loudly
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
