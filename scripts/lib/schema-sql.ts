/**
 * Today's schema as one SQL file, read from the catalog of a database that ran
 * every migration: the migrations are history (a function is redefined from one
 * to the next), this is what they add up to.
 *
 * Written from the catalog rather than by pg_dump: the npm package's
 * PostgreSQL ships no pg_dump, and an older pg_dump (Debian's) refuses a newer
 * server. The catalog's own deparsers (pg_get_functiondef, pg_get_viewdef,
 * pg_get_constraintdef, pg_get_indexdef, pg_get_triggerdef, pg_get_expr) write
 * each definition, so the text is Postgres's, and the same on every run: no
 * versions, no oids, every list sorted. The file runs as it is on a fresh
 * database with Supabase's roles (a test runs it and reads the same schema
 * back). A kind of object this does not write yet (a type, a domain, an
 * extension) fails the dump rather than go missing.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SCHEMA = 'public';
export const SCHEMA_FILE = fileURLToPath(new URL('../../supabase/schema.sql', import.meta.url));

const SCHEMA_FILE_HEADER = `-- Today's schema: what supabase/migrations add up to, one definition per object.
-- Written by \`npm run schema\` from a fresh database that ran every migration; do not edit:
-- change the schema with a new migration, then run \`npm run schema\` (npm test fails until then).
-- Objects belong to postgres; anon, authenticated and service_role are Supabase's API roles.
`;

type Row = Record<string, unknown>;
function text(row: Row, key: string): string {
  const value = row[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`${key} no es un valor simple`);
}

async function rows(client: pg.Client, sql: string): Promise<Row[]> {
  return (await client.query<Row>(sql)).rows;
}

/** The order privileges are written in, whatever order the catalog keeps them. */
const PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER', 'MAINTAIN', 'USAGE', 'CREATE', 'EXECUTE'];

/** The object's `acl` column exploded into (grantee, privilege), its `owner`'s own rights left out. */
const aclRows = (acl: string, owner: string) => `
  cross join lateral aclexplode(${acl}) as a
  left join pg_roles as grantee on grantee.oid = a.grantee
  where a.grantee <> ${owner}`;
const GRANTEE = `coalesce(quote_ident(grantee.rolname), 'PUBLIC') as grantee, a.privilege_type as privilege, a.is_grantable as grantable`;

interface Grant {
  readonly grantee: string;
  readonly privilege: string;
  readonly grantable: boolean;
  readonly column?: string;
}

/** GRANT lines, one per set of privileges, grantees with the same set on one line. */
function grantLines(grants: readonly Grant[], on: string): string[] {
  const byGrantee = groupBy(grants, (grant) => `${grant.grantee}${grant.grantable ? ' WITH GRANT OPTION' : ''}`);
  const byPrivileges = new Map<string, string[]>();
  for (const [grantee, granted] of byGrantee) {
    const privileges = mergeColumns(granted.map((grant) => (grant.column === undefined ? grant.privilege : `${grant.privilege} (${grant.column})`))).join(', ');
    byPrivileges.set(privileges, [...(byPrivileges.get(privileges) ?? []), grantee]);
  }
  return [...byPrivileges]
    .flatMap(([privileges, grantees]) =>
      [false, true].flatMap((option) => {
        const names = grantees
          .filter((grantee) => grantee.endsWith(' WITH GRANT OPTION') === option)
          .map((grantee) => grantee.replace(' WITH GRANT OPTION', ''));
        return names.length ? [`GRANT ${privileges} ON ${on} TO ${names.sort().join(', ')}${option ? ' WITH GRANT OPTION' : ''};`] : [];
      }),
    )
    .sort();
}

/** `INSERT (id)`, `INSERT (name)` → `INSERT (id, name)`; privileges in the usual order. */
function mergeColumns(privileges: readonly string[]): string[] {
  const columns = new Map<string, string[] | null>();
  for (const privilege of privileges) {
    const [, name = privilege, column] = /^(\w+)(?: \((.*)\))?$/.exec(privilege) ?? [];
    if (column === undefined) columns.set(name, null);
    else if (columns.get(name) !== null) columns.set(name, [...(columns.get(name) ?? []), column]);
  }
  return [...columns]
    .sort(([a], [b]) => PRIVILEGES.indexOf(a) - PRIVILEGES.indexOf(b))
    .map(([name, cols]) => (cols === null ? name : `${name} (${cols.join(', ')})`));
}

/** One query at a time: a pg client runs them in turn anyway, and says so when asked for more. */
async function inTurn<T>(items: readonly T[], each: (item: T) => Promise<string>): Promise<string[]> {
  const done: string[] = [];
  for (const item of items) done.push(await each(item));
  return done;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Fails on what this file does not write yet, so nothing in the schema is silently left out. */
async function refuseUnknownKinds(client: pg.Client): Promise<void> {
  const unknown = await rows(
    client,
    `select 'relation ' || relname || ' (relkind ' || relkind::text || ')' as what from pg_class
       where relnamespace = '${SCHEMA}'::regnamespace and relkind not in ('r', 'i', 'S', 'v')
     union all
     select 'type ' || typname from pg_type
       where typnamespace = '${SCHEMA}'::regnamespace and typtype not in ('b', 'c')
     union all
     select 'function ' || proname || ' (prokind ' || prokind::text || ')' from pg_proc
       where pronamespace = '${SCHEMA}'::regnamespace and prokind not in ('f', 'p')
     union all
     select 'rule ' || rulename from pg_rewrite
       where ev_class in (select oid from pg_class where relnamespace = '${SCHEMA}'::regnamespace) and not (rulename = '_RETURN' and ev_type = '1')
     union all
     select 'extension ' || extname from pg_extension where extname <> 'plpgsql'
     union all
     select 'event trigger ' || evtname from pg_event_trigger
     order by 1`,
  );
  if (unknown.length) {
    throw new Error(
      `scripts/lib/schema-sql.ts no sabe escribir todavía: ${unknown.map((row) => text(row, 'what')).join(', ')}. Enséñale antes de regenerar supabase/schema.sql.`,
    );
  }
}

async function schemaGrants(client: pg.Client): Promise<string[]> {
  const grants = await rows(client, `select ${GRANTEE} from pg_namespace as n ${aclRows('n.nspacl', 'n.nspowner')} and n.nspname = '${SCHEMA}'`);
  return grantLines(grants.map(toGrant), `SCHEMA ${SCHEMA}`);
}

function toGrant(row: Row): Grant {
  return {
    grantee: text(row, 'grantee'),
    privilege: text(row, 'privilege'),
    grantable: row.grantable === true,
    ...(row.column_name ? { column: text(row, 'column_name') } : {}),
  };
}

async function sequences(client: pg.Client): Promise<string[]> {
  const found = await rows(
    client,
    `select c.oid, quote_ident(c.relname) as name, format_type(s.seqtypid, null) as type, s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache, s.seqcycle,
            s.seqmax = case format_type(s.seqtypid, null) when 'smallint' then 32767 when 'integer' then 2147483647 else 9223372036854775807 end as default_max
       from pg_class c join pg_sequence s on s.seqrelid = c.oid
      where c.relnamespace = '${SCHEMA}'::regnamespace and c.relkind = 'S'
        and not exists (select from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
      order by c.relname`,
  );
  const blocks: string[] = [];
  for (const sequence of found) {
    const name = `${SCHEMA}.${text(sequence, 'name')}`;
    const options = [
      `AS ${text(sequence, 'type')}`,
      text(sequence, 'seqstart') !== '1' ? `START WITH ${text(sequence, 'seqstart')}` : '',
      text(sequence, 'seqincrement') !== '1' ? `INCREMENT BY ${text(sequence, 'seqincrement')}` : '',
      text(sequence, 'seqmin') !== '1' ? `MINVALUE ${text(sequence, 'seqmin')}` : '',
      sequence.default_max === true ? '' : `MAXVALUE ${text(sequence, 'seqmax')}`,
      text(sequence, 'seqcache') !== '1' ? `CACHE ${text(sequence, 'seqcache')}` : '',
      sequence.seqcycle === true ? 'CYCLE' : '',
    ].filter(Boolean);
    const grants = await rows(client, `select ${GRANTEE} from pg_class as c ${aclRows('c.relacl', 'c.relowner')} and c.oid = ${text(sequence, 'oid')}`);
    blocks.push([`CREATE SEQUENCE ${name} ${options.join(' ')};`, ...grantLines(grants.map(toGrant), `SEQUENCE ${name}`)].join('\n'));
  }
  return blocks;
}

/**
 * The functions that name no table, or only those that do (a table's row type as argument or
 * result, a SQL-standard body reading one): these must come after the tables.
 */
async function functions(client: pg.Client, onTables: boolean): Promise<string[]> {
  const found = await rows(
    client,
    `select p.oid, pg_get_functiondef(p.oid) as definition, p.proacl is null as default_acl, p.prokind,
            exists (select from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'n'
                      and (d.refclassid = 'pg_class'::regclass
                           or (d.refclassid = 'pg_type'::regclass and exists (select from pg_type t where t.oid = d.refobjid and t.typrelid <> 0)))) as on_tables,
            '${SCHEMA}.' || quote_ident(p.proname) || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature,
            obj_description(p.oid, 'pg_proc') as comment,
            array(select d.refobjid::text from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'n'
                    and d.refclassid = 'pg_proc'::regclass and d.refobjid <> p.oid) as calls
       from pg_proc p
      where p.pronamespace = '${SCHEMA}'::regnamespace
        and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname, pg_get_function_identity_arguments(p.oid)`,
  );
  const grants = groupBy(
    await rows(
      client,
      `select p.oid::text as object, ${GRANTEE} from pg_proc as p ${aclRows('p.proacl', 'p.proowner')} and p.pronamespace = '${SCHEMA}'::regnamespace`,
    ),
    (row) => text(row, 'object'),
  );
  return afterWhatTheyCall(found.filter((fn) => (fn.on_tables === true) === onTables)).map((fn) => {
    const kind = fn.prokind === 'p' ? 'PROCEDURE' : 'FUNCTION';
    const on = `${kind} ${text(fn, 'signature')}`;
    const granted = (grants.get(text(fn, 'oid')) ?? []).map(toGrant);
    // A function's default is EXECUTE for PUBLIC: an explicit list without it was revoked.
    const revoked = fn.default_acl !== true && !granted.some((grant) => grant.grantee === 'PUBLIC');
    return [
      `${text(fn, 'definition').trimEnd()};`,
      ...(fn.comment ? [`COMMENT ON ${on} IS ${literal(text(fn, 'comment'))};`] : []),
      ...(revoked ? [`REVOKE ALL ON ${on} FROM PUBLIC;`] : []),
      ...grantLines(granted, on),
    ].join('\n');
  });
}

/**
 * Functions by name, each after the functions its SQL-standard body calls: such a body is
 * checked when it is created (check_function_bodies does not spare it), so a callee must exist.
 */
function afterWhatTheyCall(found: readonly Row[]): Row[] {
  const left = [...found];
  const ordered: Row[] = [];
  const waitsFor = (fn: Row) => (fn.calls as string[]).filter((oid) => left.some((other) => text(other, 'oid') === oid));
  while (left.length) {
    const index = Math.max(
      left.findIndex((fn) => waitsFor(fn).length === 0),
      0,
    );
    ordered.push(...left.splice(index, 1));
  }
  return ordered;
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

interface Table {
  readonly oid: string;
  readonly name: string;
  readonly references: string[];
}

/** Tables in an order where each comes after the tables its foreign keys name (ties by name). */
async function tablesInOrder(client: pg.Client): Promise<Table[]> {
  const found = await rows(
    client,
    `select c.oid::text as oid, quote_ident(c.relname) as name,
            coalesce(array_agg(distinct f.confrelid::text) filter (where f.confrelid is not null and f.confrelid <> c.oid), '{}') as refs
       from pg_class c left join pg_constraint f on f.conrelid = c.oid and f.contype = 'f'
      where c.relnamespace = '${SCHEMA}'::regnamespace and c.relkind = 'r'
      group by c.oid, c.relname order by c.relname`,
  );
  const pending = found.map((row) => ({ oid: text(row, 'oid'), name: text(row, 'name'), references: row.refs as string[] }));
  const ordered: Table[] = [];
  while (pending.length) {
    const placed = new Set(ordered.map((table) => table.oid));
    const next = pending.findIndex((table) => table.references.every((oid) => placed.has(oid) || !pending.some((other) => other.oid === oid)));
    // A cycle of foreign keys: take the first by name; its key to a later table still reads right.
    const [table] = pending.splice(next === -1 ? 0 : next, 1);
    if (table) ordered.push(table);
  }
  return ordered;
}

const CONSTRAINT_ORDER = `case contype when 'p' then 0 when 'u' then 1 when 'c' then 2 when 'f' then 3 else 4 end`;

/** CREATE TABLE with its columns and constraints; a constraint NOT VALID (rows from before it are not checked) is added after, as a migration did. */
async function createTable(client: pg.Client, table: Table, name: string): Promise<string[]> {
  const columns = await rows(
    client,
    `select quote_ident(a.attname) as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null, a.attidentity as identity,
            a.attgenerated as generated, pg_get_expr(d.adbin, d.adrelid, true) as value,
            case when a.attcollation <> t.typcollation then (select quote_ident(collname) from pg_collation where oid = a.attcollation) end as collation
       from pg_attribute a join pg_type t on t.oid = a.atttypid left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = ${table.oid} and a.attnum > 0 and not a.attisdropped order by a.attnum`,
  );
  const constraints = await rows(
    client,
    `select quote_ident(conname) as name, pg_get_constraintdef(oid, true) as definition, convalidated from pg_constraint
      where conrelid = ${table.oid} and contype <> 'n' order by ${CONSTRAINT_ORDER}, conname`,
  );
  const inline = constraints.filter((constraint) => constraint.convalidated === true);
  const lines = [
    ...columns.map((column) => `  ${columnDefinition(column)}`),
    ...inline.map((constraint) => `  CONSTRAINT ${text(constraint, 'name')} ${text(constraint, 'definition')}`),
  ];
  return [
    `CREATE TABLE ${name} (\n${lines.join(',\n')}\n);`,
    ...constraints
      .filter((constraint) => constraint.convalidated !== true)
      .map((constraint) => `ALTER TABLE ${name} ADD CONSTRAINT ${text(constraint, 'name')} ${text(constraint, 'definition')};`),
  ];
}

async function comments(client: pg.Client, table: Table, name: string): Promise<string[]> {
  const found = await rows(
    client,
    `select 'TABLE ${name}' as what, obj_description(${table.oid}, 'pg_class') as comment
     union all
     select 'COLUMN ${name}.' || quote_ident(attname), col_description(attrelid, attnum) from pg_attribute
      where attrelid = ${table.oid} and attnum > 0 and not attisdropped`,
  );
  return found.filter((row) => row.comment !== null).map((row) => `COMMENT ON ${text(row, 'what')} IS ${literal(text(row, 'comment'))};`);
}

async function rowLevelSecurity(client: pg.Client, table: Table, name: string): Promise<string[]> {
  const [setting = {}] = await rows(client, `select relrowsecurity, relforcerowsecurity from pg_class where oid = ${table.oid}`);
  const policies = await rows(
    client,
    `select quote_ident(polname) as name, polpermissive, polcmd,
            coalesce((select string_agg(case r when 0 then 'public' else quote_ident(rolname) end, ', ' order by rolname) from unnest(polroles) r left join pg_roles on pg_roles.oid = r), 'public') as roles,
            pg_get_expr(polqual, polrelid, true) as qual, pg_get_expr(polwithcheck, polrelid, true) as with_check
       from pg_policy where polrelid = ${table.oid} order by polname`,
  );
  return [
    ...(setting.relrowsecurity === true ? [`ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY;`] : []),
    ...(setting.relforcerowsecurity === true ? [`ALTER TABLE ${name} FORCE ROW LEVEL SECURITY;`] : []),
    ...policies.map((policy) => policyDefinition(policy, name)),
  ];
}

async function indexesAndTriggers(client: pg.Client, table: Table): Promise<string[]> {
  const indexes = await rows(
    client,
    `select pg_get_indexdef(i.indexrelid) as definition from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${table.oid} and not exists (select from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x'))
      order by c.relname`,
  );
  const triggers = await rows(
    client,
    `select pg_get_triggerdef(oid, true) as definition from pg_trigger where tgrelid = ${table.oid} and not tgisinternal order by tgname`,
  );
  return [...indexes, ...triggers].map((row) => `${text(row, 'definition')};`);
}

async function tableGrants(client: pg.Client, table: Table, name: string): Promise<string[]> {
  const whole = await rows(client, `select ${GRANTEE} from pg_class as c ${aclRows('c.relacl', 'c.relowner')} and c.oid = ${table.oid}`);
  const columns = await rows(
    client,
    `select quote_ident(t.attname) as column_name, ${GRANTEE} from pg_attribute as t join pg_class c on c.oid = t.attrelid
     ${aclRows('t.attacl', 'c.relowner')} and t.attrelid = ${table.oid} and t.attnum > 0 and not t.attisdropped order by t.attnum`,
  );
  return grantLines([...whole, ...columns].map(toGrant), `TABLE ${name}`);
}

async function tableBlock(client: pg.Client, table: Table): Promise<string> {
  const name = `${SCHEMA}.${table.name}`;
  const parts = [createTable, comments, async (c: pg.Client, t: Table) => indexesAndTriggers(c, t), rowLevelSecurity, tableGrants];
  const lines: string[] = [];
  for (const part of parts) lines.push(...(await part(client, table, name)));
  return lines.join('\n');
}

function columnDefinition(column: Row): string {
  const identity = { a: ' GENERATED ALWAYS AS IDENTITY', d: ' GENERATED BY DEFAULT AS IDENTITY' }[text(column, 'identity')] ?? '';
  const generated = { s: ' STORED', v: ' VIRTUAL' }[text(column, 'generated')];
  const value = column.value === null ? '' : generated ? ` GENERATED ALWAYS AS (${text(column, 'value')})${generated}` : ` DEFAULT ${text(column, 'value')}`;
  const collation = column.collation ? ` COLLATE ${text(column, 'collation')}` : '';
  return `${text(column, 'name')} ${text(column, 'type')}${collation}${identity}${value}${column.not_null === true ? ' NOT NULL' : ''}`;
}

function policyDefinition(policy: Row, table: string): string {
  const command = { r: 'SELECT', a: 'INSERT', w: 'UPDATE', d: 'DELETE', '*': 'ALL' }[text(policy, 'polcmd')] ?? 'ALL';
  return (
    [
      `CREATE POLICY ${text(policy, 'name')} ON ${table} AS ${policy.polpermissive === true ? 'PERMISSIVE' : 'RESTRICTIVE'} FOR ${command} TO ${text(policy, 'roles')}`,
      ...(policy.qual === null ? [] : [`  USING (${text(policy, 'qual')})`]),
      ...(policy.with_check === null ? [] : [`  WITH CHECK (${text(policy, 'with_check')})`]),
    ].join('\n') + ';'
  );
}

/** Views after the tables they read, with their options (security_invoker) and grants. */
async function views(client: pg.Client): Promise<string[]> {
  const found = await rows(
    client,
    `select c.oid, '${SCHEMA}.' || quote_ident(c.relname) as name, pg_get_viewdef(c.oid, true) as definition,
            coalesce(' WITH (' || array_to_string(c.reloptions, ', ') || ')', '') as options, obj_description(c.oid, 'pg_class') as comment
       from pg_class c where c.relnamespace = '${SCHEMA}'::regnamespace and c.relkind = 'v' order by c.oid`,
  );
  const blocks: string[] = [];
  for (const view of found) {
    const name = text(view, 'name');
    const grants = await rows(client, `select ${GRANTEE} from pg_class as c ${aclRows('c.relacl', 'c.relowner')} and c.oid = ${text(view, 'oid')}`);
    blocks.push(
      [
        `CREATE VIEW ${name}${text(view, 'options')} AS\n${text(view, 'definition').trimEnd().replace(/;$/, '')};`,
        ...(view.comment ? [`COMMENT ON VIEW ${name} IS ${literal(text(view, 'comment'))};`] : []),
        ...grantLines(grants.map(toGrant), `TABLE ${name}`),
      ].join('\n'),
    );
  }
  return blocks;
}

/** The schema of the database `client` is connected to, as the text of supabase/schema.sql. */
export async function dumpSchema(client: pg.Client): Promise<string> {
  // Every name Postgres prints comes out schema-qualified (public.orders), as in the migrations.
  await client.query(`set search_path = ''`);
  await refuseUnknownKinds(client);
  const tables = await tablesInOrder(client);
  const sections: [string, string[]][] = [
    ['The schema', await schemaGrants(client)],
    ['Sequences', await sequences(client)],
    // Before the tables: their defaults, CHECKs and triggers call them; bodies are checked when they run.
    ['Functions', await functions(client, false)],
    [
      'Tables, each with its constraints, row level security, indexes, triggers, policies and grants',
      await inTurn(tables, (table) => tableBlock(client, table)),
    ],
    ['Functions on the tables', await functions(client, true)],
    // In the order they were made, so a view comes after the views it reads.
    ['Views', await views(client)],
  ];
  const body = sections
    .filter(([, blocks]) => blocks.length)
    .map(([title, blocks]) => `-- ${title}\n\n${blocks.join('\n\n')}`)
    .join('\n\n');
  return `${SCHEMA_FILE_HEADER}\nSET check_function_bodies = false;\n\n${body}\n`;
}

/** The schema of the database at `url`, as the text of supabase/schema.sql. */
export async function schemaAt(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await dumpSchema(client);
  } finally {
    await client.end();
  }
}
