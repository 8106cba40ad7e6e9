/** `npm run menu:migration`'s file: the built-in list in menu order, named to run after every migration there is. */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuMigrationSql, writeMenuMigration } from '../../../scripts/lib/menu-sql.ts';

const LIST = [
  { name: 'Mojito', price: 6490, category: 'Cócteles' },
  { name: "Shepherd's pie", price: 11990, category: 'Fondos' },
] as const;

describe('the menu migration', () => {
  it('marks the built-in list in menu order and keeps earlier rows', () => {
    const sql = menuMigrationSql(LIST);
    expect(sql).toContain('update public.products set menu_position = null where menu_position is not null;');
    expect(sql).toContain("('Mojito', 6490, 'Cócteles', 1),\n  ('Shepherd''s pie', 11990, 'Fondos', 2)");
    expect(sql).toContain('on conflict (name, price) do update set category = excluded.category, menu_position = excluded.menu_position;');
  });

  it('is named after the newest migration when this clock is behind it, and is written only when the list changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'menu-sql-'));
    writeFileSync(join(dir, '20261128000300_orders_on_party_menus.sql'), '');
    expect(await writeMenuMigration(dir, LIST, new Date('2026-11-24T20:13:34Z'))).toBe('20261128000301_menu.sql');
    expect(await writeMenuMigration(dir, LIST, new Date('2026-11-24T20:13:35Z'))).toBeNull();
    expect(await writeMenuMigration(dir, [LIST[0]], new Date('2026-12-01T10:00:00Z'))).toBe('20261201100000_menu.sql');
    expect(readdirSync(dir).sort()).toEqual(['20261128000300_orders_on_party_menus.sql', '20261128000301_menu.sql', '20261201100000_menu.sql']);
  });
});
