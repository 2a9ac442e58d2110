import { readFileSync } from "node:fs";
import path from "node:path";
import { brand } from "@puerta/contract/brand";
import type { z } from "zod";
import { brandSchema, contentFiles } from "./schema.ts";

/** "content/partners.json: [3].logo : chemin d'asset ou URL attendu" — names the file and field. */
export function describeIssues(file: string, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.slice(0, 5).map((issue) => {
    const field = issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`)).join("");
    return `${file}: ${field.replace(/^\./, "") || "(racine)"} : ${issue.message}`;
  });
  return `Contenu invalide\n${lines.join("\n")}`;
}

/** Validates one JSON content file's data against its schema; throws a readable error. */
export function validateContentFile(name: keyof typeof contentFiles, data: unknown): void {
  const parsed = contentFiles[name].safeParse(data);
  if (!parsed.success) throw new Error(describeIssues(`content/${name}`, parsed.error.issues));
}

/** The brand file is shared with the API, so it lives in packages/contract; the build checks it too. */
export function validateBrand(data: unknown = brand): void {
  const parsed = brandSchema.safeParse(data);
  if (!parsed.success) throw new Error(describeIssues("packages/contract/src/brand/brand.json", parsed.error.issues));
}

/** Validates every JSON content file in a directory, and the brand file (the build calls this). */
export function validateContent(dir: string): void {
  for (const name of Object.keys(contentFiles) as (keyof typeof contentFiles)[]) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
    } catch (error) {
      throw new Error(`content/${name}: fichier illisible (${(error as Error).message})`);
    }
    validateContentFile(name, data);
  }
  validateBrand();
}
