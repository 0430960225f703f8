import prettier from "prettier";
import { fromRoot } from "../../lib/app-root";

/** Where the generated JSON Schema of the backup format is committed. */
export const BACKUP_JSON_SCHEMA_PATH = fromRoot("shared/backup-format.schema.json");

/** The schema as the repository's Prettier would write it, so `format:check` passes on the generated file. */
export async function renderJsonSchema(schema: Record<string, unknown>): Promise<string> {
  const options = await prettier.resolveConfig(BACKUP_JSON_SCHEMA_PATH);
  return prettier.format(JSON.stringify(schema), { ...options, parser: "json" });
}
