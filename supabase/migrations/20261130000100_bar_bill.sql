-- The bar's bill against what the guests declared (issue 32): the host saves
-- the bill (lines or a total), guests claim the units nobody declared (one or
-- a share), the host spreads what is left over the guests with orders or pays
-- it, and a guest of honour's total is shared by the others. Every money rule
-- is rules of supabase/functions/_shared/bar-bill.ts (shares, even parts) and
-- name-key.ts (bill_name_key: the list's public.name_key of rules.ts, issue 30),
-- generated from them and held equal by npm test.
--
-- One truth for money: public.party_tab_lines(party) is every line of every
-- tab (active orders, claims, the part of what was left, the invitation and
-- the guest of honour's own total taken off), and every total (the host's
-- summary, a guest's detail, the CSV, paid marks' coverage, the default mark,
-- the owner's list, the guest's phone) is a sum over it.

-- The tip is public.tipped_total() (20261129000100, rules.ts's tippedTotal) everywhere below.

create or replace function public.bill_name_key(p_name text) returns text
language sql immutable strict parallel safe
return public.name_key(p_name);
grant execute on function public.bill_name_key(text) to anon, authenticated, service_role;

-- ─── The bill: one per party, its lines or its total ─────────────────────────
create table public.bar_bills (
  party_id uuid primary key references public.parties (id),
  -- A bill typed as its total only; null when it has lines.
  total bigint check (total is null or total between 1 and 1000000000),
  saved_at timestamptz not null default now(),
  -- What was left, once the host settled it: spread over the guests, or paid by the host.
  settled_by text check (settled_by in ('guests', 'host')),
  settled_amount bigint check (settled_amount >= 0),
  settled_at timestamptz,
  constraint bar_bills_settled_whole check ((settled_by is null) = (settled_amount is null) and (settled_by is null) = (settled_at is null))
);

create table public.bar_bill_lines (
  id uuid primary key default gen_random_uuid(),
  party_id uuid not null references public.bar_bills (party_id),
  position integer not null,
  -- As the bill writes it.
  product text not null check (char_length(product) between 1 and 120),
  -- The party's product it is (by bill_name_key), as named on the list; null: 'No está en la carta'.
  menu_name text,
  quantity integer not null check (quantity between 1 and 1000),
  unit_price integer not null check (unit_price between 1 and 1000000),
  -- The product it is, by name key: the bill's lines meet orders and each other by it.
  -- Stored: a later change of name_key() must recompute it (update bar_bill_lines set product = product).
  product_key text not null generated always as (public.bill_name_key(coalesce(menu_name, product))) stored,
  unique (party_id, position) deferrable initially deferred,
  unique (id, party_id),
  unique (id, unit_price)
);

create index bar_bill_lines_product on public.bar_bill_lines (party_id, product_key);

-- ─── Claims: a unit, or a share of one, of a bill line ───────────────────────
-- A unit claimed is a row here; every claim of it has the unit's share count,
-- so a unit's shares are at most `shares` claims whose amounts sum to its
-- price exactly (the CHECK on bill_claims). A unit's number is below its
-- line's quantity (the triggers below), so no line is claimed past it.
create table public.bill_units (
  line_id uuid not null,
  unit_no integer not null check (unit_no >= 0),
  shares integer not null check (shares = 1 or shares between 2 and 12),
  unit_price integer not null,
  primary key (line_id, unit_no),
  unique (line_id, unit_no, shares, unit_price),
  foreign key (line_id, unit_price) references public.bar_bill_lines (id, unit_price)
);

create sequence public.bill_claims_order_seq as bigint;

create table public.bill_claims (
  -- Made on the phone: a replay is the same claim.
  id uuid primary key,
  party_id uuid not null,
  user_id uuid not null,
  line_id uuid not null,
  unit_no integer not null,
  shares integer not null,
  share_no integer not null check (share_no >= 0 and share_no < shares),
  unit_price integer not null,
  amount integer not null,
  -- The line's product as the tab shows it.
  product_name text not null check (char_length(product_name) between 1 and 120),
  -- The phone's time of the tap.
  created_at timestamptz not null,
  received_at timestamptz not null default now(),
  -- Claims take their turn among the orders for paid marks' coverage.
  activated_seq bigint not null default nextval('public.orders_activation_seq'),
  constraint bill_claims_amount_is_share check (amount = unit_price / shares + case when share_no < unit_price % shares then 1 else 0 end),
  constraint bill_claims_one_per_share unique (line_id, unit_no, share_no),
  constraint bill_claims_user_id_fkey foreign key (user_id, party_id) references public.users (id, party_id),
  constraint bill_claims_line foreign key (line_id, party_id) references public.bar_bill_lines (id, party_id),
  constraint bill_claims_unit foreign key (line_id, unit_no, shares, unit_price) references public.bill_units (line_id, unit_no, shares, unit_price)
);
create index bill_claims_party_guest on public.bill_claims (party_id, user_id);

-- ─── What was left, spread: one part per guest ───────────────────────────────
create table public.bill_spread_parts (
  party_id uuid not null references public.bar_bills (party_id),
  user_id uuid not null,
  amount bigint not null check (amount > 0),
  primary key (party_id, user_id),
  foreign key (user_id, party_id) references public.users (id, party_id)
);

-- ─── The guest of honour: one per party ──────────────────────────────────────
create table public.party_honours (
  party_id uuid primary key references public.parties (id),
  user_id uuid not null,
  set_at timestamptz not null default now(),
  foreign key (user_id, party_id) references public.users (id, party_id)
);

-- Nobody writes these with the anon key: a guest claims through claim_bill_line() and reads through my_tab_status().
alter table public.bar_bills enable row level security;
alter table public.bar_bill_lines enable row level security;
alter table public.bill_units enable row level security;
alter table public.bill_claims enable row level security;
alter table public.bill_spread_parts enable row level security;
alter table public.party_honours enable row level security;
revoke all on table public.bar_bills, public.bar_bill_lines, public.bill_units, public.bill_claims, public.bill_spread_parts, public.party_honours
  from public, anon, authenticated;
revoke all on sequence public.bill_claims_order_seq from public, anon, authenticated;
grant select on table public.bill_units, public.bill_claims to service_role;
grant select, insert, update, delete on table public.bar_bills, public.bar_bill_lines, public.bill_spread_parts, public.party_honours to service_role;

-- No unit past its line's quantity: checked under the line's row lock, which every claim and save takes.
create function public.bill_unit_within_line() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select from public.bar_bill_lines where bar_bill_lines.id = new.line_id and new.unit_no < bar_bill_lines.quantity) then
    raise exception using errcode = 'check_violation', constraint = 'bill_line_taken',
      message = 'bill_line_taken: every unit of this bill line is claimed';
  end if;
  return new;
end
$$;
revoke all on function public.bill_unit_within_line() from public;
create trigger bill_units_within_line before insert or update on public.bill_units
  for each row execute function public.bill_unit_within_line();

create function public.bill_line_keeps_units() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select from public.bill_units where bill_units.line_id = new.id and bill_units.unit_no >= new.quantity) then
    raise exception using errcode = 'check_violation', constraint = 'bill_claimed',
      message = 'bill_claimed: a bill line holds fewer units than its guests claimed';
  end if;
  return new;
end
$$;
revoke all on function public.bill_line_keeps_units() from public;
create trigger bar_bill_lines_keep_units before update of quantity on public.bar_bill_lines
  for each row execute function public.bill_line_keeps_units();

-- ─── Every line of every tab of a party: the one rule for money ──────────────
-- kind: 'order' (an active pick), 'claim' (from the bar's bill), 'spread'
-- ('Parte de lo sin dueño'), 'invitation' ('Invitación a <name>': the guest
-- of honour's total, own lines and part, spread evenly by bar-bill.ts's
-- evenPart over the other guests with orders, by id) and 'honoured' (that
-- total taken off the guest of honour's tab: 'Tu cuenta la paga la fiesta.').
-- seq orders each guest's lines for paid marks' coverage: the honoured line
-- first, orders and claims in the order they became active, then the parts.
-- An order's is null here: its turn is order_activations', read
-- only by the callers that need it, so the totals never join that table.
-- p_user: one guest's lines only (the phone's read, a guest's detail). The
-- guests' own totals are summed apart, and only when the party has a guest of
-- honour, whose invitation needs them: a party without one reads its orders once.
create function public.party_tab_lines(p_party uuid, p_user uuid default null)
returns table (user_id uuid, id uuid, kind text, product_name text, amount bigint, created_at timestamptz, seq bigint)
language sql
stable
security invoker
-- No `set search_path` (every name is schema-qualified): PostgreSQL inlines only a
-- function without one, so each caller's plan reads just the columns it needs.
as $$
  with honour as (
    select honours.user_id, honours.set_at, users.full_name from public.party_honours as honours
    join public.users on users.id = honours.user_id
    where honours.party_id = p_party
  ),
  parts as (
    select parts.user_id, parts.amount, bills.settled_at
    from public.bill_spread_parts as parts
    join public.bar_bills as bills on bills.party_id = parts.party_id
    where parts.party_id = p_party
  ),
  own as (
    select mine.user_id, sum(mine.amount)::bigint as total
    from (
      select orders.user_id, orders.product_price::bigint as amount
      from public.orders where orders.party_id = p_party and orders.active and exists (select from honour)
      union all
      select claims.user_id, claims.amount::bigint
      from public.bill_claims as claims where claims.party_id = p_party and exists (select from honour)
    ) as mine
    group by mine.user_id
  ),
  others as (
    select own.user_id, row_number() over (order by own.user_id) as rank, count(*) over () as n
    from own
    where own.total > 0 and own.user_id not in (select honour.user_id from honour)
  ),
  honoured as (
    select honour.user_id, honour.full_name, honour.set_at,
           coalesce((select own.total from own where own.user_id = honour.user_id), 0)
             + coalesce((select parts.amount from parts where parts.user_id = honour.user_id), 0) as total
    from honour
    where exists (select from others)
  )
  select lines.* from (
    select orders.user_id, orders.id, 'order'::text as kind, orders.product_name, orders.product_price::bigint as amount,
           orders.created_at, null::bigint as seq
    from public.orders
    where orders.party_id = p_party and orders.active and (p_user is null or orders.user_id = p_user)
    union all
    select claims.user_id, claims.id, 'claim', claims.product_name, claims.amount, claims.created_at, claims.activated_seq
    from public.bill_claims as claims
    where claims.party_id = p_party and (p_user is null or claims.user_id = p_user)
    union all
    select parts.user_id, null, 'spread', 'Parte de lo sin dueño', parts.amount, parts.settled_at, 9223372036854775805
    from parts
    union all
    select others.user_id, null, 'invitation', 'Invitación a ' || honoured.full_name,
           honoured.total / others.n + case when others.rank <= honoured.total % others.n then 1 else 0 end,
           honoured.set_at, 9223372036854775806
    from others cross join honoured
    where honoured.total > 0
    union all
    select honoured.user_id, null, 'honoured', 'Tu cuenta la paga la fiesta.', -honoured.total, honoured.set_at, -1
    from honoured
    where honoured.total > 0
  ) as lines
  where p_user is null or lines.user_id = p_user
$$;
revoke all on function public.party_tab_lines(uuid, uuid) from public, anon, authenticated;
grant execute on function public.party_tab_lines(uuid, uuid) to service_role;

-- ─── The host's reads, every total over party_tab_lines ──────────────────────
create or replace function public.host_party(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with lines as (select * from public.party_tab_lines(p_party)),
  tabs as (
    select lines.user_id, count(*) filter (where lines.kind in ('order', 'claim')) as order_count, sum(lines.amount)::bigint as total,
           max(lines.created_at) filter (where lines.kind in ('order', 'claim')) as last_order_at
    from lines
    group by lines.user_id
  ),
  guests as (
    select users.id, users.full_name, tabs.order_count, tabs.total, public.tipped_total(tabs.total) as tipped,
           tabs.last_order_at, marks.paid_amount, marks.paid_at
    from tabs
    join public.users on users.id = tabs.user_id
    left join public.host_paid_marks as marks on marks.user_id = tabs.user_id
  )
  select json_build_object(
    'total', coalesce(sum(guests.total), 0),
    'tipped', coalesce(sum(guests.tipped), 0),
    'paid', coalesce(sum(guests.paid_amount), 0),
    'owed', coalesce(sum(greatest(guests.tipped - coalesce(guests.paid_amount, 0), 0)), 0),
    'guest_of_honour', (select honours.user_id from public.party_honours as honours where honours.party_id = p_party),
    'guests', coalesce(json_agg(json_build_object(
      'id', guests.id,
      'full_name', guests.full_name,
      'orders', guests.order_count,
      'total', guests.total,
      'tipped', guests.tipped,
      'last_order_at', guests.last_order_at,
      'paid_amount', guests.paid_amount,
      'paid_at', guests.paid_at
    ) order by guests.id), '[]'::json)
  )
  from guests
$$;

-- A line is paid while the tipped sum of it and every line before it (seq) is within the mark.
create or replace function public.host_guest(p_party uuid, p_user_id uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object(
    'id', users.id,
    'full_name', users.full_name,
    'orders', coalesce((
      select json_agg(json_build_object(
        'id', covered.id,
        'kind', covered.kind,
        'product_name', covered.product_name,
        'product_price', covered.amount,
        'created_at', covered.created_at,
        'paid', (marks.paid_amount is not null or covered.running <= 0)
          and public.tipped_total(greatest(covered.running, 0)::bigint) <= coalesce(marks.paid_amount, 0)
      ) order by covered.created_at desc, covered.id)
      from (
        select lines.*, sum(lines.amount) over (order by turn.seq, lines.id) as running
        from public.party_tab_lines(p_party, users.id) as lines
        cross join lateral (select coalesce(lines.seq, (select activations.activated_seq from public.order_activations as activations
                                                        where activations.order_id = lines.id), 0) as seq) as turn
      ) as covered
    ), '[]'::json)
  )
  from public.users
  left join public.host_paid_marks as marks on marks.user_id = users.id
  where users.id = p_user_id and users.party_id = p_party
$$;

create or replace function public.host_orders(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'user_id', users.id,
    'full_name', users.full_name,
    'kind', covered.kind,
    'product_name', covered.product_name,
    'product_price', covered.amount,
    'created_at', covered.created_at,
    'paid', (marks.paid_amount is not null or covered.running <= 0)
      and public.tipped_total(greatest(covered.running, 0)::bigint) <= coalesce(marks.paid_amount, 0)
  ) order by users.full_name, users.id, covered.created_at, covered.id), '[]'::json)
  from (
    select lines.*, sum(lines.amount) over (partition by lines.user_id order by coalesce(lines.seq, activations.activated_seq, 0), lines.id) as running
    from public.party_tab_lines(p_party) as lines
    left join public.order_activations as activations on activations.order_id = lines.id
  ) as covered
  join public.users on users.id = covered.user_id
  left join public.host_paid_marks as marks on marks.user_id = covered.user_id
$$;

-- The most a guest's mark may record (issue 30's bound, with the bill): every
-- order the guest ever made in the party (active or taken off since, as
-- before) and every line the server put on the tab (claims, the part of what
-- was left, the invitation, the guest of honour's total taken off), as
-- party_tab_lines sums them, with tip. The paid_within_orders trigger and
-- host_mark_paid both read it, so a mark of a claim or a spread part is taken
-- and a script's amount past the tab is still refused.
create or replace function public.guest_ever_owed(p_user_id uuid) returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select public.tipped_total(greatest(
    coalesce((select sum(orders.product_price) from public.orders where orders.user_id = p_user_id), 0)
      + coalesce((
        select sum(lines.amount)
        from public.users
        cross join lateral public.party_tab_lines(users.party_id, users.id) as lines
        where users.id = p_user_id and lines.kind <> 'order'
      ), 0),
    0)::bigint)
$$;

create or replace function public.paid_within_orders() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.paid_amount > public.guest_ever_owed(new.user_id) then
    raise exception using
      errcode = 'check_violation',
      constraint = 'paid_within_orders',
      message = 'paid_within_orders: a mark records at most what the guest ever owed (orders and the bill''s lines), with tip',
      detail = format('Guest %s, amount %s.', new.user_id, new.paid_amount);
  end if;
  return new;
end
$$;

-- The default mark is the guest's tab total as the one rule sums it, with tip;
-- no mark past guest_ever_owed ({ refused: 'paid_over_orders' }).
create or replace function public.host_mark_paid(p_party uuid, p_user_id uuid, p_paid boolean, p_amount bigint default null) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_amount bigint;
begin
  if not exists (select from public.users where users.id = p_user_id and users.party_id = p_party) then
    return null;
  end if;
  if not p_paid then
    delete from public.host_paid_marks where host_paid_marks.user_id = p_user_id;
    return json_build_object('id', p_user_id, 'paid_amount', null, 'paid_at', null);
  end if;
  v_amount := coalesce(p_amount, (
    select public.tipped_total(greatest(coalesce(sum(lines.amount), 0), 0)::bigint)
    from public.party_tab_lines(p_party, p_user_id) as lines
  ));
  if v_amount > public.guest_ever_owed(p_user_id) then
    return json_build_object('refused', 'paid_over_orders');
  end if;
  insert into public.host_paid_marks (user_id, paid_amount, paid_at)
  values (p_user_id, v_amount, now())
  on conflict (user_id) do update set paid_amount = excluded.paid_amount, paid_at = excluded.paid_at;
  return json_build_object('id', p_user_id, 'paid_amount', v_amount, 'paid_at', now());
end
$$;

-- The owner's list: each party's total is its tabs' lines; the invitation and
-- the honoured line cancel out, so orders, claims and parts are the sum.
create or replace function public.host_parties() returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'id', parties.id,
    'code', parties.code,
    'name', parties.name,
    'party_date', parties.party_date,
    'payment_url', parties.payment_url,
    'closed_at', parties.closed_at,
    'is_default', parties.is_default,
    'guests', coalesce(tabs.guests, 0),
    'total', coalesce(tabs.total, 0)
  ) order by parties.party_date desc, parties.created_at desc, parties.id), '[]'::json)
  from public.parties
  left join (
    select lines.party_id, count(distinct lines.user_id) filter (where lines.counted) as guests, sum(lines.amount)::bigint as total
    from (
      select orders.party_id, orders.user_id, orders.product_price::bigint as amount, true as counted from public.orders where orders.active
      union all
      select claims.party_id, claims.user_id, claims.amount, true from public.bill_claims as claims
      union all
      select parts.party_id, parts.user_id, parts.amount, false from public.bill_spread_parts as parts
    ) as lines
    group by lines.party_id
  ) as tabs on tabs.party_id = parties.id
$$;

-- ─── The comparison, as the host's section reads it ──────────────────────────
-- bar-bill.ts's compareBill in SQL: per product (by bill_name_key) billed,
-- declared and the difference; 'Sin dueño' and 'Declarado de más'; what a
-- spread would take now (the bill less everything declared, never below 0).
-- Null when the party has no bill.
create function public.bill_comparison(p_party uuid) returns json
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
  -- By product name first: the key is computed once per name, not once per order.
  declared as (
    select orders.product_name as name, sum(orders.product_price)::bigint as amount
    from public.orders where orders.party_id = p_party and orders.active
    group by orders.product_name
    union all
    select claims.product_name, sum(claims.amount)::bigint from public.bill_claims as claims where claims.party_id = p_party
    group by claims.product_name
  ),
  billed_products as (
    select lines.product_key as key, min(lines.position) as position, (array_agg(lines.name order by lines.position))[1] as name,
           sum(lines.quantity::bigint * lines.unit_price) as billed
    from lines group by lines.product_key
  ),
  declared_products as (
    select public.bill_name_key(declared.name) as key, min(declared.name) as name, sum(declared.amount) as declared
    from declared group by public.bill_name_key(declared.name)
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

-- ─── The host saves the bill: all or nothing, a later save replaces it ───────
-- p_lines: [{ product, quantity, unitPrice }] as bar-bill.ts checked them, or
-- null with p_total. A line of the same product (bill_name_key) and unit price
-- as a line of the bill it replaces keeps that line's id and its claims; a
-- claimed line the new bill drops, or bills fewer units than were claimed, is
-- refused ({ refused: 'bill_claimed', product }). What was settled is undone:
-- the host spreads (or pays) again against the new bill.
create function public.host_save_bill(p_party uuid, p_lines json, p_total bigint default null) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  kept uuid[];
  lost text;
begin
  insert into public.bar_bills (party_id) values (p_party) on conflict (party_id) do nothing;
  perform from public.bar_bills where bar_bills.party_id = p_party for update;
  perform from public.bar_bill_lines where bar_bill_lines.party_id = p_party order by bar_bill_lines.id for update;

  create temporary table if not exists pg_temp.new_bill_lines (
    position integer, product text, menu_name text, quantity integer, unit_price integer, key text, reuse uuid
  ) on commit drop;
  delete from pg_temp.new_bill_lines;
  insert into pg_temp.new_bill_lines (position, product, menu_name, quantity, unit_price, key)
  select line.n::integer, line.product, listed.name, line.quantity, line."unitPrice", public.bill_name_key(coalesce(listed.name, line.product))
  from rows from (json_to_recordset(coalesce(p_lines, '[]'::json)) as (product text, quantity integer, "unitPrice" integer)) with ordinality as line(product, quantity, "unitPrice", n)
  left join lateral (
    select party_products.name from public.party_products
    where party_products.party_id = p_party and public.bill_name_key(party_products.name) = public.bill_name_key(line.product)
    order by party_products.position limit 1
  ) as listed on true;

  -- Each old line is kept by the first new line of its product and price.
  update pg_temp.new_bill_lines as fresh set reuse = old.id
  from (
    select distinct on (old.product_key, old.unit_price) old.id,
           old.product_key as key, old.unit_price
    from public.bar_bill_lines as old where old.party_id = p_party
    order by old.product_key, old.unit_price, old.position
  ) as old
  where fresh.key = old.key and fresh.unit_price = old.unit_price
    and fresh.position = (select min(same.position) from pg_temp.new_bill_lines as same where same.key = fresh.key and same.unit_price = fresh.unit_price);
  kept := array(select reuse from pg_temp.new_bill_lines where reuse is not null);

  select coalesce(old.menu_name, old.product) into lost
  from public.bar_bill_lines as old
  where old.party_id = p_party
    and exists (select from public.bill_units where bill_units.line_id = old.id)
    and (not old.id = any (kept) or (select max(bill_units.unit_no) + 1 from public.bill_units where bill_units.line_id = old.id)
         > (select fresh.quantity from pg_temp.new_bill_lines as fresh where fresh.reuse = old.id))
  limit 1;
  if lost is not null then
    return json_build_object('refused', 'bill_claimed', 'product', lost);
  end if;

  delete from public.bill_spread_parts where bill_spread_parts.party_id = p_party;
  delete from public.bar_bill_lines where bar_bill_lines.party_id = p_party and not bar_bill_lines.id = any (kept);
  update public.bar_bill_lines
  set position = fresh.position, product = fresh.product, menu_name = fresh.menu_name, quantity = fresh.quantity
  from pg_temp.new_bill_lines as fresh where bar_bill_lines.id = fresh.reuse;
  insert into public.bar_bill_lines (party_id, position, product, menu_name, quantity, unit_price)
  select p_party, fresh.position, fresh.product, fresh.menu_name, fresh.quantity, fresh.unit_price
  from pg_temp.new_bill_lines as fresh where fresh.reuse is null;
  update public.bar_bills
  set total = case when p_lines is null then p_total end, saved_at = now(), settled_by = null, settled_amount = null, settled_at = null
  where bar_bills.party_id = p_party;
  return public.bill_comparison(p_party);
end
$$;

-- ─── What was left: spread over the guests with orders, or paid by the host ─
-- p_by 'guests': the bill less everything declared (never below 0) is spread
-- by evenPart over the guests with orders or claims, by id, as their 'Parte
-- de lo sin dueño'; 'host': the host pays it ('Lo pago yo'). Either replaces
-- an earlier settlement. Refused: no_bill, no_guests (nobody to spread over).
create function public.host_settle_bill(p_party uuid, p_by text) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  left_over bigint;
begin
  if not exists (select from public.bar_bills where bar_bills.party_id = p_party for update) then
    return json_build_object('refused', 'no_bill');
  end if;
  left_over := (public.bill_comparison(p_party) ->> 'to_spread')::bigint;
  delete from public.bill_spread_parts where bill_spread_parts.party_id = p_party;
  if p_by = 'guests' and left_over > 0 then
    insert into public.bill_spread_parts (party_id, user_id, amount)
    select p_party, guests.user_id, left_over / guests.n + case when guests.rank <= left_over % guests.n then 1 else 0 end
    from (
      select own.user_id, row_number() over (order by own.user_id) as rank, count(*) over () as n
      from (
        select orders.user_id from public.orders where orders.party_id = p_party and orders.active
        union
        select claims.user_id from public.bill_claims as claims where claims.party_id = p_party
      ) as own
    ) as guests
    where left_over / guests.n + case when guests.rank <= left_over % guests.n then 1 else 0 end > 0;
    if not found then
      return json_build_object('refused', 'no_guests');
    end if;
  end if;
  update public.bar_bills set settled_by = p_by, settled_amount = left_over, settled_at = now() where bar_bills.party_id = p_party;
  return public.bill_comparison(p_party);
end
$$;

-- The comparison, or { refused: 'no_bill' }.
create function public.host_bill(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(public.bill_comparison(p_party), json_build_object('refused', 'no_bill'))
$$;

-- ─── The guest of honour: set, moved to another guest, or taken back ─────────
-- Null for a guest the party does not have.
create function public.host_set_honour(p_party uuid, p_user_id uuid, p_honoured boolean) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if not exists (select from public.users where users.id = p_user_id and users.party_id = p_party) then
    return null;
  end if;
  if p_honoured then
    insert into public.party_honours (party_id, user_id) values (p_party, p_user_id)
    on conflict (party_id) do update set user_id = excluded.user_id, set_at = now();
  else
    delete from public.party_honours where party_honours.party_id = p_party and party_honours.user_id = p_user_id;
  end if;
  return json_build_object('guest_of_honour', (select party_honours.user_id from public.party_honours where party_honours.party_id = p_party));
end
$$;

revoke all on function public.host_party(uuid), public.host_guest(uuid, uuid), public.host_orders(uuid),
  public.host_mark_paid(uuid, uuid, boolean, bigint), public.host_parties(), public.bill_comparison(uuid),
  public.host_save_bill(uuid, json, bigint), public.host_settle_bill(uuid, text), public.host_bill(uuid),
  public.host_set_honour(uuid, uuid, boolean)
  from public, anon, authenticated;
grant execute on function public.host_party(uuid), public.host_guest(uuid, uuid), public.host_orders(uuid),
  public.host_mark_paid(uuid, uuid, boolean, bigint), public.host_parties(), public.bill_comparison(uuid),
  public.host_save_bill(uuid, json, bigint), public.host_settle_bill(uuid, text), public.host_bill(uuid),
  public.host_set_honour(uuid, uuid, boolean)
  to service_role;

-- ─── A guest claims a unit, or a share of one ────────────────────────────────
-- What the phone queues like a pick and replays safely: p_id is made on the
-- phone, and a claim the server holds for this guest is answered again as it
-- is (whatever the replay says). The guest and the party are the request's
-- (x-guest-id, x-party-code); the line must be on that party's bill. Every
-- claim of a product waits for the others (its lines' row locks), so a unit
-- goes to one guest only. Taken after the party's close: the bill comes at
-- the end. Refusals (SQLSTATE, constraint; docs/host.md has the phone's words):
--   42501 guest_unknown      no guest id in the request
--   23503 bill_claims_user_id_fkey  the server lacks the guest: send the guest first
--   23503 bill_line_unknown  no such line on the guest's party's bill (or a bill that replaced it)
--   22023 bill_shares_range  p_shares is neither 1 nor 2 to 12
--   23514 bill_settled       what was left is spread or paid: nothing to claim
--   23514 bill_line_taken    no unit (or share) of it left: 'Otra persona ya lo reclamó.'
--   23505 bill_claims_pkey   the id is another guest's claim
create function public.claim_bill_line(p_id uuid, p_line uuid, p_shares integer default 1, p_created_at timestamptz default now())
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  guest uuid := public.request_guest_id();
  party uuid := public.request_party_id();
  held public.bill_claims;
  line public.bar_bill_lines;
  key text;
  units_left bigint;
  unit integer;
  share integer;
  settled text;
begin
  if guest is null or party is null then
    raise exception using errcode = 'insufficient_privilege', constraint = 'guest_unknown', message = 'guest_unknown: the request names no guest of a party';
  end if;
  select * into held from public.bill_claims where bill_claims.id = p_id;
  if found then
    if held.user_id <> guest then
      raise exception using errcode = 'unique_violation', constraint = 'bill_claims_pkey', message = 'bill_claims_pkey: this id is another claim';
    end if;
    return public.bill_claim_json(held);
  end if;
  if not exists (select from public.users where users.id = guest and users.party_id = party) then
    raise exception using errcode = 'foreign_key_violation', constraint = 'bill_claims_user_id_fkey',
      message = 'insert or update on table "bill_claims" violates foreign key constraint "bill_claims_user_id_fkey"';
  end if;
  if not (p_shares = 1 or p_shares between 2 and 12) then
    raise exception using errcode = 'invalid_parameter_value', constraint = 'bill_shares_range', message = 'bill_shares_range: a unit is claimed whole or shared by 2 to 12';
  end if;
  -- The bill's row, shared: a settlement (which takes it for update) waits for the claims under way, and they for it.
  select bar_bills.settled_by into settled from public.bar_bills where bar_bills.party_id = party for share;
  if settled is not null then
    raise exception using errcode = 'check_violation', constraint = 'bill_settled', message = 'bill_settled: what was left of the bill is settled';
  end if;
  select * into line from public.bar_bill_lines where bar_bill_lines.id = p_line and bar_bill_lines.party_id = party;
  if not found then
    raise exception using errcode = 'foreign_key_violation', constraint = 'bill_line_unknown', message = 'bill_line_unknown: no such line on this party''s bill';
  end if;
  key := line.product_key;
  -- Every line of the product, locked in one order: claims of one product take turns.
  perform from public.bar_bill_lines
  where bar_bill_lines.party_id = party and bar_bill_lines.product_key = key
  order by bar_bill_lines.id for update;
  -- A replay that raced itself: the first one is the claim.
  select * into held from public.bill_claims where bill_claims.id = p_id;
  if found then
    return public.bill_claim_json(held);
  end if;
  if p_shares > 1 then
    select units.unit_no, (select min(free.n) from generate_series(0, p_shares - 1) as free(n)
                           where not exists (select from public.bill_claims where bill_claims.line_id = units.line_id and bill_claims.unit_no = units.unit_no and bill_claims.share_no = free.n))
    into unit, share
    from public.bill_units as units
    where units.line_id = p_line and units.shares = p_shares
      and (select count(*) from public.bill_claims where bill_claims.line_id = units.line_id and bill_claims.unit_no = units.unit_no) < p_shares
      and not exists (select from public.bill_claims where bill_claims.line_id = units.line_id and bill_claims.unit_no = units.unit_no and bill_claims.user_id = guest)
    order by units.unit_no
    limit 1;
  end if;
  if unit is null then
    -- A new unit: the product's billed units less its picks and its units claimed.
    units_left := (select coalesce(sum(same.quantity), 0) from public.bar_bill_lines as same
                   where same.party_id = party and same.product_key = key)
      - (select coalesce(sum(named.n), 0) from (
           select orders.product_name, count(*) as n from public.orders where orders.party_id = party and orders.active group by orders.product_name
         ) as named where public.bill_name_key(named.product_name) = key)
      - (select count(*) from public.bill_units join public.bar_bill_lines as same on same.id = bill_units.line_id
         where same.party_id = party and same.product_key = key);
    select min(free.n) into unit from generate_series(0, line.quantity - 1) as free(n)
    where not exists (select from public.bill_units where bill_units.line_id = p_line and bill_units.unit_no = free.n);
    if unit is null or units_left <= 0 then
      raise exception using errcode = 'check_violation', constraint = 'bill_line_taken', message = 'bill_line_taken: every unit of this bill line is claimed';
    end if;
    insert into public.bill_units (line_id, unit_no, shares, unit_price) values (p_line, unit, p_shares, line.unit_price);
    share := 0;
  end if;
  insert into public.bill_claims (id, party_id, user_id, line_id, unit_no, shares, share_no, unit_price, amount, product_name, created_at)
  values (p_id, party, guest, p_line, unit, p_shares, share, line.unit_price,
          line.unit_price / p_shares + case when share < line.unit_price % p_shares then 1 else 0 end,
          coalesce(line.menu_name, line.product), least(coalesce(p_created_at, now()), now()))
  returning * into held;
  return public.bill_claim_json(held);
end
$$;

create function public.bill_claim_json(p_claim public.bill_claims) returns json
language sql
immutable
set search_path = ''
as $$
  select json_build_object(
    'id', p_claim.id, 'line_id', p_claim.line_id, 'product_name', p_claim.product_name, 'amount', p_claim.amount,
    'shares', p_claim.shares, 'share_no', p_claim.share_no, 'unit_no', p_claim.unit_no, 'created_at', p_claim.created_at
  )
$$;
revoke all on function public.claim_bill_line(uuid, uuid, integer, timestamptz), public.bill_claim_json(public.bill_claims) from public;
grant execute on function public.claim_bill_line(uuid, uuid, integer, timestamptz) to anon, authenticated, service_role;
grant execute on function public.bill_claim_json(public.bill_claims) to service_role;

-- ─── What a guest's phone hears of the bill ──────────────────────────────────
-- The server's lines on this guest's tab (claims, 'Parte de lo sin dueño',
-- 'Invitación a <name>', 'Tu cuenta la paga la fiesta.'), the tab's total by
-- the one rule, and while what was left is not settled, the bill's lines with
-- units (or open shares) left to claim: '¿Alguien pidió esto?'.
create function public.my_bill() returns json
language sql
stable
security definer
set search_path = ''
as $$
  with me as (
    select users.id, users.party_id from public.users
    where users.id = public.request_guest_id() and users.party_id = public.request_party_id()
  ),
  lines as (select lines.* from me cross join lateral public.party_tab_lines(me.party_id, me.id) as lines),
  bill as (select bar_bills.* from public.bar_bills join me on me.party_id = bar_bills.party_id),
  products as (
    select bill_lines.product_key as key, sum(bill_lines.quantity) as billed
    from public.bar_bill_lines as bill_lines join me on me.party_id = bill_lines.party_id
    group by 1
  ),
  -- Read only while the bill has units to claim: a party without a bill pays nothing for it.
  open_bill as (select from bill where bill.settled_by is null and exists (select from products)),
  -- Keyed once per product name, not once per order: the key is the costly part.
  picks as (
    select public.bill_name_key(named.product_name) as key, sum(named.n) as n
    from (
      select orders.product_name, count(*) as n
      from public.orders join me on me.party_id = orders.party_id
      where orders.active and exists (select from open_bill)
      group by orders.product_name
    ) as named
    group by 1
  ),
  claimed as (
    select same.product_key as key, count(*) as n
    from public.bill_units join public.bar_bill_lines as same on same.id = bill_units.line_id join me on me.party_id = same.party_id
    where exists (select from open_bill)
    group by 1
  ),
  taken as (
    select products.key, products.billed - coalesce(picks.n, 0) - coalesce(claimed.n, 0) as units_left
    from products left join picks on picks.key = products.key left join claimed on claimed.key = products.key
  )
  select json_build_object(
    'total', (select coalesce(sum(lines.amount), 0) from lines join me on me.id = lines.user_id),
    'lines', coalesce((
      select json_agg(json_build_object('id', lines.id, 'kind', lines.kind, 'product_name', lines.product_name, 'amount', lines.amount, 'created_at', lines.created_at)
        order by lines.seq, lines.id)
      from lines join me on me.id = lines.user_id where lines.kind <> 'order'
    ), '[]'::json),
    'unclaimed', case when (select bill.settled_by from bill) is not null then '[]'::json else coalesce((
      select json_agg(json_build_object(
        'line_id', bill_lines.id,
        'product_name', coalesce(bill_lines.menu_name, bill_lines.product),
        'unit_price', bill_lines.unit_price,
        'units_left', least(taken.units_left, bill_lines.quantity - (select count(*) from public.bill_units where bill_units.line_id = bill_lines.id)),
        'open_shares', coalesce((
          select json_agg(json_build_object('shares', units.shares, 'left', units.shares - (select count(*) from public.bill_claims where bill_claims.line_id = units.line_id and bill_claims.unit_no = units.unit_no)) order by units.unit_no)
          from public.bill_units as units
          where units.line_id = bill_lines.id and units.shares > 1
            and (select count(*) from public.bill_claims where bill_claims.line_id = units.line_id and bill_claims.unit_no = units.unit_no) < units.shares
        ), '[]'::json)
      ) order by bill_lines.position)
      from public.bar_bill_lines as bill_lines
      join me on me.party_id = bill_lines.party_id
      join taken on taken.key = bill_lines.product_key
      where least(taken.units_left, bill_lines.quantity - (select count(*) from public.bill_units where bill_units.line_id = bill_lines.id)) > 0
         or exists (select from public.bill_units as units where units.line_id = bill_lines.id and units.shares > 1
                    and (select count(*) from public.bill_claims where bill_claims.line_id = units.line_id and bill_claims.unit_no = units.unit_no) < units.shares)
    ), '[]'::json) end
  )
  from me
$$;
revoke all on function public.my_bill() from public;
grant execute on function public.my_bill() to anon, authenticated, service_role;

-- my_tab_status carries the bill too: one round trip at each contact.
create or replace function public.my_tab_status()
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object(
    'party', (
      select json_build_object('name', parties.name, 'payment_url', parties.payment_url, 'closed_at', parties.closed_at)
      from public.parties where parties.id = public.request_party_id()
    ),
    'paid_mark', public.my_paid_mark(),
    'bill', public.my_bill()
  )
$$;
