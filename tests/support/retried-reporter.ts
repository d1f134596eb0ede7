import type { Reporter, TestCase } from "vitest/node";

/**
 * Names every test that passed only on a retry (CI retries a failed test once, decision 046),
 * at the end of the run: a flaky test stays visible instead of passing silently.
 */
export default class RetriedReporter implements Reporter {
  private retried: string[] = [];

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic();
    if (diagnostic?.flaky) this.retried.push(`${test.project.name} ${test.module.moduleId.replace(`${process.cwd()}/`, "")} > ${test.fullName} (retries: ${diagnostic.retryCount})`);
  }

  onTestRunEnd() {
    if (!this.retried.length) return;
    console.log(`\nPassed only on a retry (flaky, look into it):\n${this.retried.map((t) => `  ${t}`).join("\n")}`);
  }
}
