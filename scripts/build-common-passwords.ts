/**
 * Regenerates apps/api/src/modules/passwords/wordlist/common-passwords-zxcvbn-fr.txt: the
 * common passwords that fit our password policy, French ones included (provenance and
 * licences in that folder's README). Fetches two pinned npm packages with `npm pack` into a
 * temporary folder; adds nothing to package.json.
 *
 *   node scripts/build-common-passwords.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LIMITS } from "../packages/contract/src/limits.ts";

const COMMON = "@zxcvbn-ts/language-common@4.1.3";
const FRENCH = "@zxcvbn-ts/language-fr@4.1.2";
/** French words taken from the subtitle frequency list: the most frequent ones. */
const FRENCH_WORDS = 3000;
/** French words that are themselves common passwords (rank in zxcvbn's list) get the usual suffixes. */
const FRENCH_BASE_MAX_RANK = 5000;
/** Bases French speakers use that are no single dictionary word (zxcvbn's list has them alone). */
const FRENCH_BASES = [
  "azerty",
  "azertyuiop",
  "jetaime",
  "motdepasse",
  "doudou",
  "chouchou",
  "loulou",
  "coucou",
  "bisous",
];
const SUFFIXES = ["1", "12", "123", "1234", "12345", "123456", "01", "2024", "2025", "2026", "!"];

const output = new URL("../apps/api/src/modules/passwords/wordlist/common-passwords-zxcvbn-fr.txt", import.meta.url);

function unpack(spec: string, into: string): string {
  const name = execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", into], { encoding: "utf8" }).trim();
  const folder = path.join(into, name.replace(/\.tgz$/, ""));
  execFileSync("mkdir", ["-p", folder]);
  execFileSync("tar", ["xzf", path.join(into, name), "-C", folder]);
  return path.join(folder, "package", "src");
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as string[];
/** Passwords are compared without case; accents are dropped, as most people type them. */
const plain = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
const fitsPolicy = (password: string) =>
  password.length >= LIMITS.passwordMinLength && password.length <= LIMITS.passwordMaxLength;

const work = mkdtempSync(path.join(tmpdir(), "common-passwords-"));
try {
  const passwords = readJson(path.join(unpack(COMMON, work), "passwords.json"));
  const frenchWords = readJson(path.join(unpack(FRENCH, work), "commonWords.json"));

  const list = new Set<string>();
  for (const password of passwords) if (fitsPolicy(password)) list.add(password.toLowerCase());

  const rank = new Map(passwords.map((password, i) => [password.toLowerCase(), i]));
  for (const word of frenchWords.slice(0, FRENCH_WORDS).map(plain)) {
    if (!/^[a-z]+$/.test(word)) continue;
    if (fitsPolicy(word)) list.add(word);
    if ((rank.get(word) ?? Number.POSITIVE_INFINITY) < FRENCH_BASE_MAX_RANK) {
      for (const suffix of SUFFIXES) if (fitsPolicy(word + suffix)) list.add(word + suffix);
    }
  }

  for (const base of FRENCH_BASES) {
    if (fitsPolicy(base)) list.add(base);
    for (const suffix of SUFFIXES) if (fitsPolicy(base + suffix)) list.add(base + suffix);
  }

  writeFileSync(output, `${[...list].join("\n")}\n`);
  console.log(`${list.size} mots de passe écrits dans ${output.pathname}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
