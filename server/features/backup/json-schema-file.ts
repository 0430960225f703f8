import path from "node:path";
import prettier from "prettier";

/** Where the generated JSON Schema of the backup format is committed. */
export const BACKUP_JSON_SCHEMA_PATH = path.resolve(import.meta.dirname, "../../../shared/backup-format.schema.json");

/** The schema as the repository's Prettier would write it, so `format:check` passes on the generated file. */
export async function renderJsonSchema(schema: Record<string, unknown>): Promise<string> {
  const options = await prettier.resolveConfig(BACKUP_JSON_SCHEMA_PATH);
  return prettier.format(JSON.stringify(schema), { ...options, parser: "json" });
}
