/** Empties the findings folder, so the report holds this run only. */
import fs from 'node:fs';

export default function globalSetup(): void {
  const dir = process.env.A11Y_FINDINGS_DIR;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
