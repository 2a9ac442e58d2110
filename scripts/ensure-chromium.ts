/**
 * End-to-end tests drive Debian's Chromium, never a browser Playwright downloads.
 * Installs it with apt when it is missing and we are root; otherwise says what to do.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (existsSync(chromium)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(
    `Chromium est introuvable (${chromium}). Installez-le puis relancez les tests :\n` +
      "  sudo apt-get install -y chromium\n" +
      "ou indiquez un autre binaire avec CHROMIUM_PATH.",
  );
  process.exit(1);
}

console.log("Chromium est absent : installation du paquet Debian « chromium »…");
const apt = (args: string[]) =>
  execFileSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
apt(["update", "-qq"]);
apt(["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"]);
if (!existsSync(chromium)) {
  console.error(`L'installation de Chromium a échoué : ${chromium} est toujours absent.`);
  process.exit(1);
}
