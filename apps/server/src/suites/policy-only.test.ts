import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isPermissionName } from "@parley/contracts";

/*
 * Authorization lives in each feature's policy file (issue 27): services ask `requireAccess(viewer, policy.rule, …)`
 * or `policy.rule(viewer, …)` and never check a permission by name. This scans the features' code (not policies,
 * tests, seeds or migrations) for the permission-check primitives and for permission names in string literals.
 */

const featuresDir = fileURLToPath(new URL("../features/", import.meta.url));

/** The platform's permission checks; only policy files call them. */
const primitives = new Set(["authorize", "can", "checkPermission"]);

/**
 * Files that define grants rather than check them: the groups' permission overlay computes the permissions of
 * each group's category from privacy and membership, as role definitions do for roles; the Vanilla import names
 * the grants of Vanilla's permission columns.
 */
const grantDefinitions = new Set<string>(["groups/groups.permissions.ts", "import/vanilla.map.ts"]);

/** Permission names in literals that are not checks: `file → names`. */
const notChecks: Record<string, string[]> = {
  // Long-running actions are named after what they do, as Vanilla's are (`discussions.delete`).
  "comments/comments.bulk-delete.ts": ["comments.delete"],
  "comments/comments.routes.ts": ["comments.delete"],
  "discussions/discussions.bulk-delete.ts": ["discussions.delete"],
  "discussions/discussions.bulk.ts": ["discussions.close", "discussions.delete"],
};

const isScanned = (path: string) =>
  path.endsWith(".ts") && !/\.(policy|test)\.ts$/.test(path) && !/(^|[/.-])(seeds?|migrations?)([/.-]|$)/.test(path);

function featureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? featureFiles(join(dir, entry.name)) : isScanned(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** `file:line  what` for each call of a permission check and each permission name in a string literal. */
function findings(path: string): string[] {
  const file = relative(featuresDir, path);
  const text = readFileSync(path, "utf8");
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && primitives.has(node.expression.text)) {
      found.push(`${where(node)}  calls ${node.expression.text}()`);
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      isPermissionName(node.text) &&
      !notChecks[file]?.includes(node.text)
    ) {
      found.push(`${where(node)}  names "${node.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("authorization lives in policy files", () => {
  const files = featureFiles(featuresDir);

  it("finds the feature code to scan", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("checks no permission by name outside a policy file", () => {
    const outside = files.filter((path) => !grantDefinitions.has(relative(featuresDir, path))).flatMap(findings);
    expect(outside).toEqual([]);
  });

  it("would see a check: the policy files' own are found", () => {
    const policy = findings(join(featuresDir, "discussions/discussions.policy.ts"));
    expect(policy.some((finding) => finding.endsWith("calls can()"))).toBe(true);
    expect(policy.some((finding) => finding.endsWith('names "discussions.close"'))).toBe(true);
  });
});
