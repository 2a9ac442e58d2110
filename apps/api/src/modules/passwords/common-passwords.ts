import { readFileSync } from "node:fs";

/**
 * Common passwords, read once into one Set (O(1) lookups, about 21,000 short strings):
 * SecLists' top 1,000 and zxcvbn's common list, French included, filtered to our policy
 * (sources and licences in wordlist/README.md; the second file is rebuilt by
 * scripts/build-common-passwords.ts).
 */
const FILES = ["common-passwords-top-1000.txt", "common-passwords-zxcvbn-fr.txt"];

// Lower-cased: "Password1" is as guessable as "password1".
const COMMON = new Set(
  FILES.flatMap((file) =>
    readFileSync(new URL(`./wordlist/${file}`, import.meta.url), "utf8")
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  ),
);

export const commonPasswordListSize = () => COMMON.size;

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
