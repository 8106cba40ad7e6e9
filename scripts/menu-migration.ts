/**
 * `npm run menu:migration`: after editing supabase/functions/_shared/menu.ts,
 * writes the migration that gives the database the same menu (npm test fails
 * until it is there).
 */
import { PRODUCTS } from '../supabase/functions/_shared/menu.ts';
import { MIGRATIONS_DIR } from './lib/local-stack.ts';
import { writeMenuMigration } from './lib/menu-sql.ts';

const written = await writeMenuMigration(MIGRATIONS_DIR, PRODUCTS);
console.log(written ? `Migración nueva: supabase/migrations/${written}` : 'La carta de la base de datos ya es la de menu.ts.');
