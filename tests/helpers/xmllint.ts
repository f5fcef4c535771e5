// VMI's i.SAF schema (standards/isaf_1.2.xsd) checked by libxml2's xmllint, the real validator.
// A missing xmllint fails the test that asks (never a skip): CI installs libxml2-utils (.ci/run).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ISAF_SCHEMA = resolve(__dirname, "../../standards/isaf_1.2.xsd");

/** xmllint --noout --schema on the file: ok, and what xmllint said ("… validates" or the errors). */
export function validateIsaf(xml: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), "isaf-"));
  try {
    const file = join(dir, "isaf.xml");
    writeFileSync(file, xml);
    const run = spawnSync("xmllint", ["--noout", "--schema", ISAF_SCHEMA, file], { encoding: "utf8" });
    if (run.error) {
      throw new Error(
        `xmllint nepaleistas (${run.error.message}): i.SAF tikrinamas tikru VMI schemos validatoriumi – įdiekite libxml2-utils (apt-get install libxml2-utils)`,
      );
    }
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
