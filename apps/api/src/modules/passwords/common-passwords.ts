import { readFileSync } from "node:fs";

/** The 1,000 most common passwords, most common first (source and licence in wordlist/README.md). */
const LIST = readFileSync(new URL("./wordlist/common-passwords-top-1000.txt", import.meta.url), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter(Boolean);

// Lower-cased: "Password1" is as guessable as "password1" (the list has both spellings of a few).
const COMMON = new Set(LIST.map((password) => password.toLowerCase()));

export const commonPasswordListSize = () => LIST.length;

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());
