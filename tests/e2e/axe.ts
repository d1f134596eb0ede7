import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// axe-core comes with the lighthouse dev dependency (bench/public-page)
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The WCAG 2.2 A/AA rule set every browser test checks pages against. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * WCAG 2.2 A/AA problems axe finds on the page (contrast, names, roles...), as readable lines:
 * `rule (count): first targets — what is wrong with the first` (for contrast: the colours and the ratio).
 */
export async function axeViolations(p: Page): Promise<string[]> {
  // through the devtools protocol, so the page's CSP (no inline scripts) does not block it; once
  // per document (a page the app navigated within still has it)
  if (!(await p.evaluate(() => "axe" in window))) await p.evaluate(AXE_SOURCE);
  return p.evaluate(async (tags) => {
    type Node = { target: string[]; failureSummary?: string };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: Node[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    const why = (n: Node) => (n.failureSummary ?? "").replace(/^Fix (any|all) of the following:\s*/, "").replace(/\s+/g, " ").slice(0, 160);
    return result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")} — ${why(v.nodes[0])}`);
  }, WCAG_TAGS);
}
