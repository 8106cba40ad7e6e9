-- The bar's bill from a photo, corrected in a table (issue 41).
--
-- 1. A bill line may be a product of the party's list by a name that is not
--    the list's: 'Alitas BBQ' on the bill, 'Alitas BBQ 8 unidades' on the list.
--    The host confirms it ('Sí, es lo mismo'); the line's menu_name then names
--    that product, so its product_key is the product's, and the comparison,
--    the claims and the shares (all by product_key) treat them as one. The
--    database holds menu_name to a product of the party's own list.
-- 2. A re-saved bill keeps its claims whenever the claimed units are still on
--    it: old and new lines of the same product and unit price are paired in
--    the bill's order (two identical lines are two lines, not one), and a
--    claimed unit a new line no longer holds moves to a free unit of another
--    line of that product and price. Refused only when the new bill has fewer
--    units of a product at a price than its guests claimed.
-- 3. The bill keeps the total it printed for its products, so the host's
--    table says again whether its lines add up to it.
--
-- Redefined: host_save_bill (now with p_printed_total; the 3-argument one is
-- dropped), bill_comparison (printed_total). New: the constraint
-- bar_bill_lines_on_list, bill_claims_unit on update cascade, the service
-- role's update of a unit's place and a claim's name.

alter table public.bar_bills
  add column printed_total bigint check (printed_total is null or printed_total between 1 and 1000000000);

-- A line is a product of the party's list only by a name on that list (products are never deleted, only sold out).
alter table public.bar_bill_lines
  add constraint bar_bill_lines_on_list foreign key (party_id, menu_name) references public.party_products (party_id, name);

-- A claimed unit moves with its claims when a re-saved bill holds it on another line of the same product and price.
alter table public.bill_claims drop constraint bill_claims_unit;
alter table public.bill_claims
  add constraint bill_claims_unit foreign key (line_id, unit_no, shares, unit_price)
  references public.bill_units (line_id, unit_no, shares, unit_price) on update cascade;
-- host_save_bill (the service role) moves a unit, and names its claims as their line now is.
grant update (line_id, unit_no) on table public.bill_units to service_role;
grant update (product_name) on table public.bill_claims to service_role;

-- ─── The comparison: as 20261130000400, and the bill's printed total ─────────
create or replace function public.bill_comparison(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bill as (select * from public.bar_bills where bar_bills.party_id = p_party),
  lines as (
    select bar_bill_lines.*, coalesce(bar_bill_lines.menu_name, bar_bill_lines.product) as name
    from public.bar_bill_lines where bar_bill_lines.party_id = p_party
  ),
  -- Each order's key is its price's (party_prices.name_key, stored), read by (name, price) once per pair; a
  -- claim's is its line's. An order from before orders_product_on_party_menu held has no price on record:
  -- its key is computed.
  declared as (
    select coalesce(prices.name_key, public.bill_name_key(ordered.name)) as key, ordered.name, ordered.amount
    from (
      select orders.product_name as name, orders.product_price as price, sum(orders.product_price)::bigint as amount
      from public.orders where orders.party_id = p_party and orders.active
      group by orders.product_name, orders.product_price
    ) as ordered
    left join public.party_prices as prices on prices.party_id = p_party and prices.name = ordered.name and prices.price = ordered.price
    union all
    select claimed.product_key, claims.product_name, sum(claims.amount)::bigint
    from public.bill_claims as claims join public.bar_bill_lines as claimed on claimed.id = claims.line_id
    where claims.party_id = p_party
    group by claimed.product_key, claims.product_name
  ),
  billed_products as (
    select lines.product_key as key, min(lines.position) as position, (array_agg(lines.name order by lines.position))[1] as name,
           sum(lines.quantity::bigint * lines.unit_price) as billed
    from lines group by lines.product_key
  ),
  declared_products as (
    select declared.key, min(declared.name) as name, sum(declared.amount) as declared
    from declared group by declared.key
  ),
  products as (
    select coalesce(billed_products.name, declared_products.name) as product,
           coalesce(billed_products.billed, 0) as billed, coalesce(declared_products.declared, 0) as declared,
           billed_products.position, coalesce(billed_products.key, declared_products.key) as key
    from billed_products full join declared_products on declared_products.key = billed_products.key
    where exists (select from lines)
  ),
  totals as (
    select coalesce(bill.total, (select sum(lines.quantity::bigint * lines.unit_price) from lines), 0) as billed,
           coalesce((select sum(declared.amount) from declared), 0) as declared,
           exists (select from lines) as per_product
    from bill
  )
  select json_build_object(
    'billed', totals.billed,
    'declared', totals.declared,
    'without_owner', case
      when bill.settled_by is not null then greatest(totals.billed - totals.declared - bill.settled_amount, 0)
      when totals.per_product then (select coalesce(sum(greatest(products.billed - products.declared, 0)), 0) from products)
      else greatest(totals.billed - totals.declared, 0) end,
    'declared_over', case
      when totals.per_product then (select coalesce(sum(greatest(products.declared - products.billed, 0)), 0) from products)
      else greatest(totals.declared - totals.billed, 0) end,
    'to_spread', greatest(totals.billed - totals.declared, 0),
    'settlement', case when bill.settled_by is null then null
      else json_build_object('by', bill.settled_by, 'amount', bill.settled_amount, 'at', bill.settled_at) end,
    'saved_at', bill.saved_at,
    'total_only', bill.total is not null,
    'printed_total', bill.printed_total,
    'guest_of_honour', (
      select json_build_object('id', users.id, 'full_name', users.full_name)
      from public.party_honours as honours join public.users on users.id = honours.user_id
      where honours.party_id = p_party
    ),
    'lines', coalesce((
      select json_agg(json_build_object(
        'id', lines.id, 'product', lines.product, 'menu_name', lines.menu_name, 'quantity', lines.quantity, 'unit_price', lines.unit_price,
        'claimed_units', (select count(*) from public.bill_units where bill_units.line_id = lines.id)
      ) order by lines.position) from lines
    ), '[]'::json),
    'products', coalesce((
      select json_agg(json_build_object(
        'product', products.product, 'billed', products.billed, 'declared', products.declared, 'difference', products.billed - products.declared
      ) order by products.position nulls last, products.key) from products
    ), '[]'::json)
  )
  from bill cross join totals
$$;

-- ─── The host saves the bill: all or nothing, a later save replaces it ───────
-- p_lines: [{ product, quantity, unitPrice, sameAs }] as bar-bill.ts checked
-- them (sameAs: the product of the list the host confirmed the line is, or
-- null), or null with p_total. p_printed_total: what the bill printed for its
-- products, if it printed it. A line is the list's product named by sameAs,
-- else the one of its own name key, else none ('No está en la carta'); a
-- sameAs the list does not have refuses the bill ({ refused: 'unknown_product' }).
-- Old and new lines of the same product and unit price are paired in the
-- bill's order (the k-th old with the k-th new), an old line also meeting a
-- new one of its written name (a line the host has just said is a product of
-- the list); a paired old line keeps its id and its claims. A claimed unit
-- its line no longer holds (the line dropped or shorter) moves, with its
-- claims, to a free unit of a new line of that product and price; with none
-- free the bill is refused ({ refused: 'bill_claimed', product }). What was
-- settled is undone: the host spreads (or pays) again against the new bill.
drop function public.host_save_bill(uuid, json, bigint);

create function public.host_save_bill(p_party uuid, p_lines json, p_total bigint default null, p_printed_total bigint default null) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  lost text;
begin
  insert into public.bar_bills (party_id) values (p_party) on conflict (party_id) do nothing;
  perform from public.bar_bills where bar_bills.party_id = p_party for update;
  perform from public.bar_bill_lines where bar_bill_lines.party_id = p_party order by bar_bill_lines.id for update;

  create temporary table if not exists pg_temp.saved_bill_lines (
    id uuid, position integer, product text, same_as text, menu_name text, quantity integer, unit_price integer,
    key text, written_key text, rank bigint, reuse uuid
  ) on commit drop;
  delete from pg_temp.saved_bill_lines;
  insert into pg_temp.saved_bill_lines (id, position, product, same_as, menu_name, quantity, unit_price, key, written_key)
  select gen_random_uuid(), line.n::integer, line.product, line."sameAs", listed.name, line.quantity, line."unitPrice",
         public.bill_name_key(coalesce(listed.name, line.product)), public.bill_name_key(line.product)
  from rows from (json_to_recordset(coalesce(p_lines, '[]'::json)) as (product text, quantity integer, "unitPrice" integer, "sameAs" text))
    with ordinality as line(product, quantity, "unitPrice", "sameAs", n)
  left join lateral (
    select party_products.name from public.party_products
    where party_products.party_id = p_party
      and public.bill_name_key(party_products.name) = public.bill_name_key(coalesce(line."sameAs", line.product))
    order by party_products.position limit 1
  ) as listed on true;
  if exists (select from pg_temp.saved_bill_lines as fresh where fresh.same_as is not null and fresh.menu_name is null) then
    return json_build_object('refused', 'unknown_product');
  end if;
  update pg_temp.saved_bill_lines as fresh set rank = ranked.rank
  from (
    select saved.position, row_number() over (partition by saved.key, saved.unit_price order by saved.position) as rank
    from pg_temp.saved_bill_lines as saved
  ) as ranked
  where ranked.position = fresh.position;

  -- Each old line's product on the new bill: its own key, else the key of a new line of its written name.
  create temporary table if not exists pg_temp.replaced_bill_lines (id uuid, position integer, key text, unit_price integer, rank bigint) on commit drop;
  delete from pg_temp.replaced_bill_lines;
  insert into pg_temp.replaced_bill_lines (id, position, key, unit_price)
  select old.id, old.position,
         coalesce(
           (select fresh.key from pg_temp.saved_bill_lines as fresh where fresh.key = old.product_key and fresh.unit_price = old.unit_price limit 1),
           (select fresh.key from pg_temp.saved_bill_lines as fresh
            where fresh.written_key = public.bill_name_key(old.product) and fresh.unit_price = old.unit_price limit 1),
           old.product_key),
         old.unit_price
  from public.bar_bill_lines as old where old.party_id = p_party;
  update pg_temp.replaced_bill_lines as old set rank = ranked.rank
  from (
    select replaced.id, row_number() over (partition by replaced.key, replaced.unit_price order by replaced.position) as rank
    from pg_temp.replaced_bill_lines as replaced
  ) as ranked
  where ranked.id = old.id;
  -- The k-th old line of a product and price is the k-th new one.
  update pg_temp.saved_bill_lines as fresh set reuse = old.id, id = old.id
  from pg_temp.replaced_bill_lines as old
  where old.key = fresh.key and old.unit_price = fresh.unit_price and old.rank = fresh.rank;

  -- Claimed units their line no longer holds, each paired with a free unit of a new line of its product and price.
  create temporary table if not exists pg_temp.moved_bill_units (
    from_line uuid, from_unit integer, key text, to_line uuid, to_unit integer
  ) on commit drop;
  delete from pg_temp.moved_bill_units;
  insert into pg_temp.moved_bill_units (from_line, from_unit, key, to_line, to_unit)
  with displaced as (
    select units.line_id, units.unit_no, old.key, old.unit_price,
           row_number() over (partition by old.key, old.unit_price order by old.position, units.unit_no) as n
    from public.bill_units as units
    join pg_temp.replaced_bill_lines as old on old.id = units.line_id
    left join pg_temp.saved_bill_lines as fresh on fresh.reuse = old.id
    where fresh.id is null or units.unit_no >= fresh.quantity
  ),
  free as (
    select fresh.id, slot.n as unit_no, fresh.key, fresh.unit_price,
           row_number() over (partition by fresh.key, fresh.unit_price order by fresh.position, slot.n) as n
    from pg_temp.saved_bill_lines as fresh
    cross join lateral generate_series(0, fresh.quantity - 1) as slot(n)
    where not exists (select from public.bill_units as units where units.line_id = fresh.reuse and units.unit_no = slot.n)
  )
  select displaced.line_id, displaced.unit_no, displaced.key, free.id, free.unit_no
  from displaced
  left join free on free.key = displaced.key and free.unit_price = displaced.unit_price and free.n = displaced.n;

  select coalesce(old.menu_name, old.product) into lost
  from pg_temp.moved_bill_units as moved join public.bar_bill_lines as old on old.id = moved.from_line
  where moved.to_line is null
  limit 1;
  if lost is not null then
    return json_build_object('refused', 'bill_claimed', 'product', lost);
  end if;

  delete from public.bill_spread_parts where bill_spread_parts.party_id = p_party;
  insert into public.bar_bill_lines (id, party_id, position, product, menu_name, quantity, unit_price)
  select fresh.id, p_party, fresh.position, fresh.product, fresh.menu_name, fresh.quantity, fresh.unit_price
  from pg_temp.saved_bill_lines as fresh where fresh.reuse is null;
  -- A kept line holds its old units until the ones past its new quantity have moved.
  update public.bar_bill_lines
  set position = fresh.position, product = fresh.product, menu_name = fresh.menu_name, quantity = greatest(bar_bill_lines.quantity, fresh.quantity)
  from pg_temp.saved_bill_lines as fresh where bar_bill_lines.id = fresh.reuse;
  -- The claims follow their unit (bill_claims_unit, on update cascade).
  update public.bill_units set line_id = moved.to_line, unit_no = moved.to_unit
  from pg_temp.moved_bill_units as moved
  where bill_units.line_id = moved.from_line and bill_units.unit_no = moved.from_unit;
  update public.bar_bill_lines set quantity = fresh.quantity
  from pg_temp.saved_bill_lines as fresh where bar_bill_lines.id = fresh.reuse and bar_bill_lines.quantity <> fresh.quantity;
  delete from public.bar_bill_lines
  using pg_temp.replaced_bill_lines as old
  where bar_bill_lines.id = old.id and not exists (select from pg_temp.saved_bill_lines as fresh where fresh.reuse = old.id);
  -- A claim is named as its line now is (capitals corrected, a product of the list confirmed).
  update public.bill_claims set product_name = coalesce(lines.menu_name, lines.product)
  from public.bar_bill_lines as lines
  where lines.id = bill_claims.line_id and lines.party_id = p_party and bill_claims.product_name <> coalesce(lines.menu_name, lines.product);
  update public.bar_bills
  set total = case when p_lines is null then p_total end,
      printed_total = case when p_lines is null then null else p_printed_total end,
      saved_at = now(), settled_by = null, settled_amount = null, settled_at = null
  where bar_bills.party_id = p_party;
  return public.bill_comparison(p_party);
end
$$;

revoke all on function public.host_save_bill(uuid, json, bigint, bigint) from public, anon, authenticated;
grant execute on function public.host_save_bill(uuid, json, bigint, bigint) to service_role;
