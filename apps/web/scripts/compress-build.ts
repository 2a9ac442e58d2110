/**
 * After `react-router build`: writes a brotli (.br) and a gzip (.gz) copy beside every
 * compressible asset, so the server sends compressed files without compressing per request.
 * Pages (.html) are compressed by the server itself, once, when first asked.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".xml", ".txt", ".data", ".webmanifest", ".ico"]);
const MIN_BYTES = 1024;

const buildDir = path.resolve(import.meta.dirname, "..", process.env.WEB_BUILD_DIR || "build", "client");
let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  if (statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files++;
  before += content.length;
  after += br.length;
}
console.log(
  `Compression : ${files} fichiers, ${(before / 1024).toFixed(0)} Ko → ${(after / 1024).toFixed(0)} Ko (brotli).`,
);
