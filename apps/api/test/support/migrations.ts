import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../../src/db/client.ts";
import { knownMigrations, migrationsFolder } from "../../src/db/migration-level.ts";

/**
 * Brings `database` to the level just before migration `tag` (drizzle's migrator reads a journal:
 * it is given a shortened copy), so that a test can fill it as that version did, then apply the
 * rest with `database.migrate()`.
 */
export async function migrateBefore(database: DatabaseHandle, tag: string): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), "puerta-migrations-"));
  try {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
    const level = knownMigrations().findIndex((migration) => migration.tag === tag);
    if (level < 0) throw new Error(`unknown migration ${tag}`);
    journal.entries = journal.entries.slice(0, level);
    await mkdir(path.join(folder, "meta"));
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    for (const entry of journal.entries as { tag: string }[]) {
      await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    if (database.kind === "pglite") {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(database.db as never, { migrationsFolder: folder });
    } else {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      await migrate(database.db as never, { migrationsFolder: folder });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
