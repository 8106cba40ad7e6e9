-- The comparison of the bar's bill reads keys, computes none (issue 32's bench: a 300-line bill in a
-- party of 200 guests × 15 orders, p95 ≤ 100 ms). bill_comparison() computed name_key() of every name
-- the guests ordered at every read: a translate() over a table of a thousand characters, about 0.2 ms a
-- name, most of the comparison's time with 200 names. Every (name, price) a party ever listed now keeps
-- its key (party_prices is small, and every order references a row of it), as a bill's line keeps its
-- product_key; a claim's key is its line's (a line is kept across saves only with the same key).
-- Stored: a later change of name_key() must recompute it (update party_prices set name = name).

alter table public.party_prices add column name_key text generated always as (public.name_key(name)) stored;

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
