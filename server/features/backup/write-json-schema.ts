/**
 * npm run backup:schema — writes shared/backup-format.schema.json from the zod schema in shared/backup-format.ts.
 * Commit the result; a test fails when the committed file and the schema drift apart.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { backupJsonSchema } from "@shared/backup-format";
import { renderJsonSchema } from "./json-schema-file";

const target = path.resolve(import.meta.dirname, "../../../shared/backup-format.schema.json");
await writeFile(target, await renderJsonSchema(backupJsonSchema()));
console.log(`wrote ${target}`);
