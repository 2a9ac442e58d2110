/**
 * The boundaries of docs/ARCHITECTURE.md section 2 are the linter's (biome.json, decision 010): this
 * runs Biome, with the repository's own configuration, on small fixture trees in a temporary
 * directory, and checks that `npm run lint` would fail on each forbidden import and on an import
 * cycle, and pass on the allowed shapes.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIOME = path.join(ROOT, "node_modules/.bin/biome");

type Diagnostic = { category: string; severity: string; location?: { path?: string } };

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Lints `files` (path → source) with the repository's biome.json; the error diagnostics by file. */
function lint(files: Record<string, string>): Record<string, string[]> {
  dir = mkdtempSync(path.join(tmpdir(), "puerta-lint-"));
  const config = JSON.parse(readFileSync(path.join(ROOT, "biome.json"), "utf8"));
  // The fixtures are no git checkout, and the schema path is the repository's.
  config.vcs = { enabled: false };
  delete config.$schema;
  writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  let output: string;
  try {
    output = execFileSync(BIOME, ["lint", "--reporter=json", "."], { cwd: dir, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    // Biome exits non-zero when it reports an error: that is the point; its report is on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as { diagnostics: Diagnostic[] };
  const byFile: Record<string, string[]> = {};
  for (const d of report.diagnostics) {
    if (d.severity !== "error" || !d.location?.path) continue;
    const file = d.location.path.split(path.sep).join("/");
    byFile[file] = [...(byFile[file] ?? []), d.category];
  }
  return byFile;
}

const RESTRICTED = "lint/style/noRestrictedImports";
const CYCLE = "lint/suspicious/noImportCycles";

describe("npm run lint enforces the boundaries", () => {
  it("refuses a feature importing another feature, at any depth, and accepts shared code", () => {
    const errors = lint({
      "apps/web/features/events/api.ts": "export const events = 1;\n",
      "apps/web/features/auth/helper.ts": "export const helper = 1;\n",
      "apps/web/components/spinner.tsx": "export const spinner = 1;\n",
      "apps/web/features/auth/login.ts": [
        'import { events } from "../events/api.ts";',
        'import { spinner } from "../../components/spinner.tsx";',
        'import { helper } from "./helper.ts";',
        "export const login = [events, spinner, helper];",
        "",
      ].join("\n"),
      "apps/web/features/auth/nested/form.ts": [
        'import { helper } from "../helper.ts";',
        'import { events } from "../../events/api.ts";',
        "export const form = [helper, events];",
        "",
      ].join("\n"),
    });
    expect(errors).toEqual({
      "apps/web/features/auth/login.ts": [RESTRICTED],
      "apps/web/features/auth/nested/form.ts": [RESTRICTED],
    });
  });

  it("refuses components/, lib/ and islands/ importing a feature", () => {
    const feature = { "apps/web/features/auth/session.ts": "export const session = 1;\n" };
    const importer = 'import { session } from "../features/auth/session.ts";\nexport const x = session;\n';
    const errors = lint({
      ...feature,
      "apps/web/components/header.tsx": importer,
      "apps/web/lib/api.ts": importer,
      "apps/web/islands/providers.tsx": importer,
    });
    expect(errors).toEqual({
      "apps/web/components/header.tsx": [RESTRICTED],
      "apps/web/lib/api.ts": [RESTRICTED],
      "apps/web/islands/providers.tsx": [RESTRICTED],
    });
  });

  it("refuses the API's lib/ and db/ importing a module", () => {
    const errors = lint({
      "apps/api/src/modules/auth/service.ts": "export const hash = 1;\n",
      "apps/api/src/lib/guard.ts": 'import { hash } from "../modules/auth/service.ts";\nexport const g = hash;\n',
      "apps/api/src/db/probe.ts": 'import { hash } from "../modules/auth/service.ts";\nexport const s = hash;\n',
    });
    expect(errors).toEqual({
      "apps/api/src/lib/guard.ts": [RESTRICTED],
      "apps/api/src/db/probe.ts": [RESTRICTED],
    });
  });

  it("refuses an API module importing another module's queries or routes, and accepts its service", () => {
    const errors = lint({
      "apps/api/src/modules/notifications/queries.ts": "export const q = 1;\n",
      "apps/api/src/modules/notifications/staff-queries.ts": "export const sq = 1;\n",
      "apps/api/src/modules/notifications/routes.ts": "export const r = 1;\n",
      "apps/api/src/modules/notifications/staff-routes.ts": "export const sr = 1;\n",
      "apps/api/src/modules/notifications/service.ts": 'import { q } from "./queries.ts";\nexport const s = q;\n',
      "apps/api/src/modules/notifications/staff-service.ts":
        'import { sq } from "./staff-queries.ts";\nexport const ss = sq;\n',
      "apps/api/src/modules/dashboard/queries-probe.ts":
        'import { q } from "../notifications/queries.ts";\nexport const a = q;\n',
      "apps/api/src/modules/dashboard/staff-queries-probe.ts":
        'import { sq } from "../notifications/staff-queries.ts";\nexport const b = sq;\n',
      "apps/api/src/modules/dashboard/routes-probe.ts":
        'import { r } from "../notifications/routes.ts";\nexport const c = r;\n',
      "apps/api/src/modules/dashboard/staff-routes-probe.ts":
        'import { sr } from "../notifications/staff-routes.ts";\nexport const d = sr;\n',
      "apps/api/src/modules/dashboard/staff-service.ts":
        'import { s } from "../notifications/service.ts";\nimport { ss } from "../notifications/staff-service.ts";\nexport const e = [s, ss];\n',
      // Composition lives above the modules: app.ts and staff-app.ts list every module's routes.
      "apps/api/src/staff-app.ts":
        'import { sr } from "./modules/notifications/staff-routes.ts";\nexport const f = sr;\n',
    });
    expect(errors).toEqual({
      "apps/api/src/modules/dashboard/queries-probe.ts": [RESTRICTED],
      "apps/api/src/modules/dashboard/staff-queries-probe.ts": [RESTRICTED],
      "apps/api/src/modules/dashboard/routes-probe.ts": [RESTRICTED],
      "apps/api/src/modules/dashboard/staff-routes-probe.ts": [RESTRICTED],
    });
  });

  it("still refuses an API module importing the web (the module rule repeats the app boundary)", () => {
    const errors = lint({
      "apps/web/content/brand.ts": "export const brand = 1;\n",
      "apps/api/src/modules/certificates/staff-service.ts":
        'import { brand } from "../../../../web/content/brand.ts";\nexport const o = brand;\n',
    });
    expect(errors).toEqual({ "apps/api/src/modules/certificates/staff-service.ts": [RESTRICTED] });
  });

  it("refuses e2e/ and scripts/ reaching into the API's source instead of its published entry", () => {
    const errors = lint({
      "apps/api/src/app.ts": "export const buildApp = 1;\n",
      "e2e/server.ts": 'import { buildApp } from "../apps/api/src/app.ts";\nexport const s = buildApp;\n',
      "scripts/bench/api.ts": 'import { buildApp } from "../../apps/api/src/app.ts";\nexport const b = buildApp;\n',
      "scripts/bench/ok.ts": 'import { buildApp } from "@puerta/api";\nexport const ok = buildApp;\n',
    });
    expect(errors).toEqual({
      "e2e/server.ts": [RESTRICTED],
      "scripts/bench/api.ts": [RESTRICTED],
    });
  });

  it("refuses packages/contract importing an application", () => {
    const errors = lint({
      "apps/api/src/app.ts": "export const buildApp = 1;\n",
      "apps/web/lib/api.ts": "export const web = 1;\n",
      "packages/contract/src/rules/a.ts": 'import { buildApp } from "@puerta/api";\nexport const a = buildApp;\n',
      "packages/contract/src/rules/b.ts": 'import { web } from "@puerta/web/lib/api.ts";\nexport const b = web;\n',
      "packages/contract/src/rules/c.ts":
        'import { buildApp } from "../../../../apps/api/src/app.ts";\nexport const c = buildApp;\n',
      "packages/contract/src/rules/d.ts":
        'import { web } from "../../../../apps/web/lib/api.ts";\nexport const d = web;\n',
      "packages/contract/src/rules/ok.ts":
        'import { z } from "zod";\nimport { a } from "./a.ts";\nexport const ok = [z, a];\n',
    });
    expect(errors).toEqual({
      "packages/contract/src/rules/a.ts": [RESTRICTED],
      "packages/contract/src/rules/b.ts": [RESTRICTED],
      "packages/contract/src/rules/c.ts": [RESTRICTED],
      "packages/contract/src/rules/d.ts": [RESTRICTED],
    });
  });

  it("refuses the site importing the API and the API importing the site, at every depth", () => {
    const errors = lint({
      "apps/api/src/app.ts": "export const buildApp = 1;\n",
      "apps/web/content/brand.ts": "export const brand = 1;\n",
      "apps/web/app/root.tsx": 'import { buildApp } from "../../api/src/app.ts";\nexport const r = buildApp;\n',
      "apps/web/lib/server.ts": 'import { buildApp } from "@puerta/api";\nexport const s = buildApp;\n',
      "apps/web/test/factory.ts": 'import { freePort } from "@puerta/api/testing";\nexport const f = freePort;\n',
      "apps/web/features/auth/login.ts": 'import { buildApp } from "@puerta/api";\nexport const l = buildApp;\n',
      "apps/web/features/gestion/comptes/page.ts":
        'import { buildApp } from "../../../../api/src/app.ts";\nexport const p = buildApp;\n',
      "apps/api/src/modules/certificates/staff-service.ts":
        'import { brand } from "../../../../web/content/brand.ts";\nexport const o = brand;\n',
      "apps/api/src/lib/mail.ts": 'import { brand } from "@puerta/web/content/brand.ts";\nexport const m = brand;\n',
      "apps/api/test/brand.test.ts": 'import { brand } from "../../web/content/brand.ts";\nexport const t = brand;\n',
      // The API's own `web` module (it serves the built site) is not the site.
      "apps/api/src/modules/web/routes.ts": "export const webRoutes = 1;\n",
      "apps/api/src/server.ts": 'import { webRoutes } from "./modules/web/routes.ts";\nexport const ok = webRoutes;\n',
    });
    expect(errors).toEqual({
      "apps/web/app/root.tsx": [RESTRICTED],
      "apps/web/lib/server.ts": [RESTRICTED],
      "apps/web/test/factory.ts": [RESTRICTED],
      "apps/web/features/auth/login.ts": [RESTRICTED],
      "apps/web/features/gestion/comptes/page.ts": [RESTRICTED],
      "apps/api/src/modules/certificates/staff-service.ts": [RESTRICTED],
      "apps/api/src/lib/mail.ts": [RESTRICTED],
      "apps/api/test/brand.test.ts": [RESTRICTED],
    });
  });

  it("refuses a back-office screen importing another screen, and accepts the back-office's shared pieces", () => {
    const screen = "apps/web/features/gestion";
    const errors = lint({
      [`${screen}/journal/labels.ts`]: "export const labels = 1;\n",
      [`${screen}/shared/format.ts`]: "export const format = 1;\n",
      [`${screen}/session/staff-session.ts`]: "export const session = 1;\n",
      [`${screen}/shell/staff-page.tsx`]: "export const page = 1;\n",
      "apps/web/components/data-table.tsx": "export const table = 1;\n",
      [`${screen}/dashboard/dashboard-page.tsx`]: [
        'import { labels } from "../journal/labels.ts";',
        "export const d = labels;",
        "",
      ].join("\n"),
      [`${screen}/comptes/form/fields.tsx`]: [
        'import { labels } from "../../journal/labels.ts";',
        "export const f = labels;",
        "",
      ].join("\n"),
      [`${screen}/shared/record-view.tsx`]:
        'import { labels } from "../journal/labels.ts";\nexport const r = labels;\n',
      [`${screen}/comptes/comptes-page.tsx`]: [
        'import { table } from "../../../components/data-table.tsx";',
        'import { session } from "../session/staff-session.ts";',
        'import { format } from "../shared/format.ts";',
        'import { page } from "../shell/staff-page.tsx";',
        'import { f } from "./form/fields.tsx";',
        "export const c = [table, session, format, page, f];",
        "",
      ].join("\n"),
      [`${screen}/comptes/form/ok.tsx`]: [
        'import { format } from "../../shared/format.ts";',
        'import { c } from "../comptes-page.tsx";',
        "export const ok = [format, c];",
        "",
      ].join("\n"),
      // A screen is still a feature: it does not import another feature.
      [`${screen}/etudiants/students-page.tsx`]: 'import { x } from "../../auth/x.ts";\nexport const s = x;\n',
    });
    expect(errors).toEqual({
      [`${screen}/dashboard/dashboard-page.tsx`]: [RESTRICTED],
      [`${screen}/comptes/form/fields.tsx`]: [RESTRICTED],
      [`${screen}/shared/record-view.tsx`]: [RESTRICTED],
      [`${screen}/etudiants/students-page.tsx`]: [RESTRICTED],
    });
  });

  it("refuses an import cycle, even one made of type imports only", () => {
    const errors = lint({
      "apps/api/src/context.ts":
        'import type { AuthService } from "./modules/auth/service.ts";\nexport type Context = { auth?: AuthService };\n',
      "apps/api/src/modules/auth/service.ts":
        'import type { Context } from "../../context.ts";\nexport type AuthService = { context?: Context };\n',
    });
    expect(errors).toEqual({
      "apps/api/src/context.ts": [CYCLE],
      "apps/api/src/modules/auth/service.ts": [CYCLE],
    });
  });

  it("refuses a file name that is not kebab-case in components/ and features/", () => {
    const errors = lint({
      "apps/web/components/EmptyState.tsx": "export const a = 1;\n",
      "apps/web/features/auth/useLockout.ts": "export const b = 1;\n",
      "apps/web/components/empty-state.tsx": "export const c = 1;\n",
    });
    expect(errors).toEqual({
      "apps/web/components/EmptyState.tsx": ["lint/style/useFilenamingConvention"],
      "apps/web/features/auth/useLockout.ts": ["lint/style/useFilenamingConvention"],
    });
  });
});
