/**
 * One way for a screen to get and change its data (decision 098): each feature's api.ts holds its
 * query keys, query options and mutation hooks (with the invalidations inside), so pages and
 * components never spell a query key, touch the query cache or build a mutation themselves. This
 * reads the web's features and components as they are in the repository, and checks that too
 * every back-office screen folder has a component test.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WEB = path.join(ROOT, "apps/web");
const GESTION = path.join(WEB, "features/gestion");

/**
 * Where a feature's data lives: its api.ts files, the back-office's shared write pieces, the
 * staff session (who is signed in, kept in the cache; forgotten at sign-out), and the student's
 * notification list that the header's badge reads on every page (apart from the feature's api.ts,
 * which re-exports it, so that only it is in every page's file: decision 102).
 */
const DATA_MODULES = [
  "features/gestion/shared/queries.ts",
  "features/gestion/session/staff-session.ts",
  "features/notifications/list.ts",
];
const isDataModule = (file: string) => path.basename(file) === "api.ts" || DATA_MODULES.includes(file);

/** What only a data module does, each with what the rule calls it. */
const CACHE_WORK: [RegExp, string][] = [
  [/\bimport\s*\{[^}]*\buseMutation\b[^}]*\}\s*from\s*"@tanstack\/react-query"/, "useMutation"],
  [/\bimport\s*\{[^}]*\buseQueryClient\b[^}]*\}\s*from\s*"@tanstack\/react-query"/, "useQueryClient"],
  [/\.(invalidateQueries|setQueryData|removeQueries|refetchQueries|resetQueries)\s*\(/, "the query cache"],
  [/\bqueryKey\s*:/, "a query key"],
];

/** The rules `source` breaks (an empty list when it keeps them). */
function cacheWorkIn(source: string): string[] {
  return CACHE_WORK.filter(([pattern]) => pattern.test(source)).map(([, name]) => name);
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("screens get and change their data through their feature's api.ts", () => {
  it("recognises each kind of cache work a page might do by hand", () => {
    const page = [
      'import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";',
      "const list = useQuery({ queryKey: ['gestion', 'plannings'], queryFn });",
      "const save = useMutation({ mutationFn });",
      "queryClient.invalidateQueries({ queryKey: planningKeys.all });",
    ].join("\n");
    expect(cacheWorkIn(page)).toEqual(["useMutation", "useQueryClient", "the query cache", "a query key"]);
    expect(
      cacheWorkIn('import { useQuery } from "@tanstack/react-query";\nconst p = usePlannings(params, true);'),
    ).toEqual([]);
  });

  it("finds no page or component outside an api.ts that builds a mutation, a query key or touches the cache", () => {
    const offences = [...sourcesUnder(path.join(WEB, "features")), ...sourcesUnder(path.join(WEB, "components"))]
      .map((file) => path.relative(WEB, file).split(path.sep).join("/"))
      .filter((file) => !isDataModule(file))
      .flatMap((file) => cacheWorkIn(readFileSync(path.join(WEB, file), "utf8")).map((what) => `${file}: ${what}`));
    expect(offences).toEqual([]);
  });

  it("gives every back-office screen folder a component test", () => {
    // shared/ and session/ are no screens: the screens' tests cover them.
    const screens = readdirSync(GESTION).filter(
      (name) => statSync(path.join(GESTION, name)).isDirectory() && !["shared", "session"].includes(name),
    );
    expect(screens.length).toBeGreaterThan(10);
    const untested = screens.filter(
      (name) => !readdirSync(path.join(GESTION, name)).some((f) => f.endsWith(".test.tsx")),
    );
    expect(untested).toEqual([]);
  });
});
