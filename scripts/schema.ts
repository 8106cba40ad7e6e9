/**
 * `npm run schema`: writes supabase/schema.sql, today's schema in one file,
 * from a fresh database that ran every migration (npm test fails while the
 * file and the migrations disagree).
 */
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { startMigratedDatabase } from './lib/migrated-database.ts';
import { SCHEMA_FILE, schemaAt } from './lib/schema-sql.ts';

const database = await startMigratedDatabase();
try {
  await writeFile(SCHEMA_FILE, await schemaAt(database.url));
} finally {
  await database.stop();
}
console.log(`Escrito ${relative(process.cwd(), SCHEMA_FILE)}: el esquema que dejan las migraciones.`);
