/** npm run db:seed — migrates, then fills the demo academy's empty tables (nothing twice). */
import { loadConfig } from "../config.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { prepareDataDir } from "../ops/startup.ts";
import { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STUDENTS, seedDemo } from "./index.ts";

const config = loadConfig();
prepareDataDir(config);
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  await seedDemo(database.db, config);
  console.log(`Académie de démonstration prête : ${DEMO_STUDENTS.first}, ${DEMO_STUDENTS.second} / ${DEMO_PASSWORD}`);
  console.log(`Personnel : ${Object.values(DEMO_STAFF).join(", ")} / ${DEMO_STAFF_PASSWORD}`);
} finally {
  await database.close();
}
