/**
 * Generates the sample media of the marketing site into public/media (run by hand:
 * `node scripts/generate-media.ts`; needs ffmpeg for the clips). The output is committed,
 * so building the site never needs ffmpeg. An academy replaces these files with its own.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const WEB = path.resolve(import.meta.dirname, "..");
const OUT = path.join(WEB, "public/media");
const content = (file: string) => JSON.parse(readFileSync(path.join(WEB, "content", file), "utf8"));

/** Small deterministic random numbers, so re-running gives the same pictures. */
function seeded(seedText: string) {
  // FNV-1a, so names that differ by one character still get unrelated pictures.
  let seed = [...seedText].reduce((acc, ch) => Math.imul(acc ^ ch.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const PALETTES = [
  ["#fde68a", "#f59e0b", "#c8102e", "#7f1d1d"],
  ["#bfdbfe", "#60a5fa", "#1d4ed8", "#1e293b"],
  ["#fecaca", "#f87171", "#b91c1c", "#450a0a"],
  ["#d9f99d", "#84cc16", "#3f6212", "#1a2e05"],
  ["#fed7aa", "#fb923c", "#c2410c", "#431407"],
  ["#e9d5ff", "#a78bfa", "#6d28d9", "#2e1065"],
  ["#a5f3fc", "#22d3ee", "#0e7490", "#083344"],
  ["#fef3c7", "#fbbf24", "#b45309", "#451a03"],
];

/** A flat illustration: sky, sun, a skyline with arches and windows, and people shapes. */
function sceneSvg(name: string, width: number, height: number): string {
  const rand = seeded(name);
  const [sky, sunColour, main, dark] = PALETTES[Math.floor(rand() * PALETTES.length)] as string[];
  const shapes: string[] = [];
  let x = -20;
  while (x < width) {
    const w = 60 + rand() * 110;
    const h = height * (0.25 + rand() * 0.4);
    const y = height - h;
    shapes.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${rand() > 0.5 ? main : dark}" opacity="${0.75 + rand() * 0.25}"/>`,
    );
    for (let wy = y + 16; wy < height - 30; wy += 28) {
      for (let wx = x + 10; wx < x + w - 16; wx += 22) {
        if (rand() > 0.45)
          shapes.push(`<rect x="${wx}" y="${wy}" width="10" height="14" rx="2" fill="${sky}" opacity="0.7"/>`);
      }
    }
    if (rand() > 0.6)
      shapes.push(`<path d="M${x + w / 2 - 18} ${height} v-40 a18 18 0 0 1 36 0 v40 z" fill="${sky}" opacity="0.5"/>`);
    x += w + rand() * 12;
  }
  for (let i = 0; i < 5; i += 1) {
    const px = 60 + rand() * (width - 120);
    const colour = ["#1f2430", "#c8102e", "#f5b400", "#ffffff"][Math.floor(rand() * 4)];
    shapes.push(
      `<g transform="translate(${px} ${height - 8}) scale(${0.8 + rand() * 0.6})" fill="${colour}"><circle cx="0" cy="-86" r="14"/><path d="M-22 0 v-44 a22 22 0 0 1 44 0 v44 z"/></g>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${width * (0.2 + rand() * 0.6)}" cy="${height * 0.28}" r="${height * 0.14}" fill="${sunColour}" opacity="0.9"/>
${shapes.join("")}</svg>`;
}

async function photo(name: string, width = 960, height = 600) {
  const svg = Buffer.from(sceneSvg(name, width, height));
  await sharp(svg)
    .webp({ quality: 62 })
    .toFile(path.join(OUT, "photos", `${name}.webp`));
  await sharp(svg)
    .avif({ quality: 45, effort: 4 })
    .toFile(path.join(OUT, "photos", `${name}.avif`));
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const SKIN = ["#f1c27d", "#e0ac69", "#c68642", "#8d5524", "#ffdbac"];
const HAIR = ["#1f2430", "#3b2314", "#6b4423", "#111111", "#8b5a2b"];
const BACKGROUNDS = ["#fee2e2", "#fef3c7", "#dbeafe", "#dcfce7", "#ede9fe", "#ffedd5", "#cffafe"];
const SHIRTS = ["#c8102e", "#1d4ed8", "#0f766e", "#7c3aed", "#b45309", "#1f2430"];

/** An illustrated bust: background, shoulders, face, hair; long hair for some. */
function avatarSvg(name: string): string {
  const title = `<title>Portrait illustré de ${escapeXml(name)}</title>`;
  const rand = seeded(name);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  const longHair = rand() > 0.5;
  const hair = pick(HAIR);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">${title}
<rect width="240" height="240" fill="${pick(BACKGROUNDS)}"/>
${longHair ? `<path d="M70 120 q0 -70 50 -70 q50 0 50 70 v70 h-100z" fill="${hair}"/>` : ""}
<path d="M40 240 q0 -70 80 -70 q80 0 80 70z" fill="${pick(SHIRTS)}"/>
<rect x="105" y="140" width="30" height="36" rx="10" fill="${pick(SKIN)}"/>
<circle cx="120" cy="110" r="42" fill="${pick(SKIN)}"/>
<path d="M78 104 q4 -48 44 -46 q40 2 40 46 q-20 -22 -84 0z" fill="${hair}"/>
<circle cx="105" cy="114" r="4" fill="#1f2430"/><circle cx="135" cy="114" r="4" fill="#1f2430"/>
<path d="M108 132 q12 10 24 0" stroke="#1f2430" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`;
}

/** A text-based emblem logo (no real trademark): a shield with a monogram and the name. */
function logoSvg(name: string, colour: string): string {
  const isUniversity = name.startsWith("Universidad");
  const words = name.replace(/^Universidad (de )?/, "").split(" ");
  const monogram = words
    .filter((w) => /^[A-ZÁÉÍÓÚ]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  const top = isUniversity ? "UNIVERSIDAD" : (words[0] ?? "").toUpperCase();
  const rest = isUniversity ? words.join(" ") : words.slice(1).join(" ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120"><title>Logo : ${escapeXml(name)}</title>
<path d="M20 18 h64 v44 q0 30 -32 42 q-32 -12 -32 -42z" fill="${colour}"/>
<text x="52" y="68" text-anchor="middle" font-family="Georgia, serif" font-size="28" font-weight="700" fill="#fff">${escapeXml(monogram)}</text>
<text x="100" y="50" font-family="Arial, sans-serif" font-size="13" letter-spacing="2" fill="#475569">${escapeXml(top)}</text>
<text x="100" y="76" font-family="Georgia, serif" font-size="${rest.length > 22 ? 15 : 19}" font-weight="700" fill="#1f2430">${escapeXml(rest)}</text>
</svg>`;
}

function badgeSvg(title: string, subtitle: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><title>${escapeXml(title)} ${escapeXml(subtitle)}</title>
<rect x="4" y="4" width="232" height="112" rx="18" fill="#fff" stroke="${colour}" stroke-width="4"/>
<text x="120" y="62" text-anchor="middle" font-family="Georgia, serif" font-size="${title.length > 8 ? 28 : 36}" font-weight="700" fill="${colour}">${escapeXml(title)}</text>
<text x="120" y="92" text-anchor="middle" font-family="Arial, sans-serif" font-size="${subtitle.length > 18 ? 10 : 13}" letter-spacing="${subtitle.length > 18 ? 0.5 : 1.5}" fill="#475569">${escapeXml(subtitle)}</text>
</svg>`;
}

async function clip(name: string, colours: [string, string], seconds: number, size: string, frequency: number) {
  const file = path.join(OUT, "video", `${name}.mp4`);
  const audio =
    frequency > 0 ? `sine=frequency=${frequency}:duration=${seconds}:sample_rate=22050` : `anullsrc=r=22050:cl=mono`;
  execFileSync("ffmpeg", [
    ...["-y", "-loglevel", "error"],
    ...["-f", "lavfi", "-i", `gradients=s=${size}:c0=${colours[0]}:c1=${colours[1]}:speed=0.03:d=${seconds}:r=24`],
    ...["-f", "lavfi", "-i", audio],
    ...["-filter_complex", "[1:a]volume=0.15[a]", "-map", "0:v", "-map", "[a]"],
    ...["-c:v", "libx264", "-preset", "slow", "-crf", "34", "-pix_fmt", "yuv420p", "-movflags", "+faststart"],
    ...["-c:a", "aac", "-b:a", "24k", "-t", String(seconds), file],
  ]);
  const png = path.join(OUT, "video", `${name}.png`);
  execFileSync("ffmpeg", ["-y", "-loglevel", "error", "-ss", "1", "-i", file, "-frames:v", "1", png]);
  await sharp(png)
    .webp({ quality: 60 })
    .toFile(path.join(OUT, "video", `${name}.webp`));
  rmSync(png);
}

async function main() {
  for (const dir of ["photos", "people", "logos", "video"]) mkdirSync(path.join(OUT, dir), { recursive: true });

  const photos = ["intro", "accompagnement", "sejour-madrid", "founder-office"];
  for (let i = 1; i <= 8; i += 1) photos.push(`gallery-${i}`, `blog-${i}`);
  for (const name of photos) await photo(name);

  const writePublic = (file: string, svg: string) => writeFileSync(path.join(WEB, "public", file), svg);
  const team = content("team.json");
  writePublic(team.founder.image, avatarSvg(team.founder.name));
  for (const m of team.members) writePublic(m.image, avatarSvg(m.name));
  for (const s of content("top-scorers.json")) writePublic(s.image, avatarSvg(s.title));
  for (const t of content("testimonials.json")) writePublic(t.image, avatarSvg(t.name));

  const colours = ["#c8102e", "#1d4ed8", "#0f766e", "#7c3aed", "#b45309", "#be185d"];
  content("partners.json").forEach((p: { name: string; logo: string }, i: number) => {
    writePublic(p.logo, logoSvg(p.name, colours[i % colours.length] as string));
  });
  writePublic("/media/logos/placeholder-logo.svg", badgeSvg("Logo", "PARTENAIRE", "#64748b"));
  writePublic(
    "/media/logos/accreditation-ministere.svg",
    badgeSvg("3/08/1/2022", "AUTORISATION MINISTÉRIELLE", "#c8102e"),
  );
  writePublic("/media/logos/accreditation-ele.svg", badgeSvg("50400111", "CODE CENTRE ELE", "#b45309"));
  writePublic("/media/logos/accreditation-examen.svg", badgeSvg("39601", "CENTRE D'EXAMEN", "#1d4ed8"));
  writePublic("/media/logos/dele.svg", badgeSvg("DELE", "A1 · A2 · B1 · B2", "#c8102e"));
  writePublic("/media/logos/siele.svg", badgeSvg("SIELE", "A1 → C1 · NUMÉRIQUE", "#1d4ed8"));

  await clip("hero", ["0xc8102e", "0xf5b400"], 8, "854x480", 0);
  await clip("clip-1", ["0x1d4ed8", "0xc8102e"], 6, "640x360", 330);
  await clip("clip-2", ["0x0f766e", "0xf5b400"], 6, "640x360", 392);
  await clip("clip-3", ["0x7c3aed", "0xfb923c"], 6, "640x360", 440);
  await clip("clip-4", ["0xb45309", "0x1d4ed8"], 6, "640x360", 262);
}

await main();
