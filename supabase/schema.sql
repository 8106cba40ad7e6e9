-- Today's schema: what supabase/migrations add up to, one definition per object.
-- Written by `npm run schema` from a fresh database that ran every migration; do not edit:
-- change the schema with a new migration, then run `npm run schema` (npm test fails until then).
-- Objects belong to postgres; anon, authenticated and service_role are Supabase's API roles.

SET check_function_bodies = false;

-- The schema

GRANT USAGE ON SCHEMA public TO PUBLIC, anon, service_role;

-- Sequences

CREATE SEQUENCE public.bill_claims_order_seq AS bigint;

CREATE SEQUENCE public.orders_activation_seq AS bigint;

-- Functions

CREATE OR REPLACE FUNCTION public.bill_comparison(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
REVOKE ALL ON FUNCTION public.bill_comparison(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.bill_comparison(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.bill_follow_declared(p_party uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_bill public.bar_bills;
  v_billed bigint;
  v_declared bigint;
  v_now bigint;
begin
  -- The bill's row first: orders of a party with a bill take turns here, so each counts every one before it.
  select * into v_bill from public.bar_bills where bar_bills.party_id = p_party and bar_bills.settled_by is not null for no key update;
  if v_bill.party_id is null then
    return;
  end if;
  v_billed := coalesce(v_bill.total, (select sum(lines.quantity::bigint * lines.unit_price) from public.bar_bill_lines as lines where lines.party_id = p_party), 0);
  v_declared := coalesce((select sum(orders.product_price) from public.orders where orders.party_id = p_party and orders.active), 0)
    + coalesce((select sum(claims.amount) from public.bill_claims as claims where claims.party_id = p_party), 0);
  v_now := least(coalesce(v_bill.settled_first, v_bill.settled_amount), greatest(v_billed - v_declared, 0));
  if v_bill.settled_by = 'guests' then
    with members as (
      select parts.user_id, row_number() over (order by parts.user_id) as rank, count(*) over () as n
      from public.bill_spread_parts as parts where parts.party_id = p_party
    )
    update public.bill_spread_parts as parts
    set amount = v_now / members.n + case when members.rank <= v_now % members.n then 1 else 0 end
    from members
    where parts.party_id = p_party and parts.user_id = members.user_id
      and parts.amount <> v_now / members.n + case when members.rank <= v_now % members.n then 1 else 0 end;
    -- A part of $0 leaves the tab (and the settlement's guests): the others still sum to what is spread.
    delete from public.bill_spread_parts where bill_spread_parts.party_id = p_party and bill_spread_parts.amount = 0;
    v_now := coalesce((select sum(parts.amount) from public.bill_spread_parts as parts where parts.party_id = p_party), 0);
  end if;
  if v_bill.settled_amount <> v_now then
    update public.bar_bills set settled_amount = v_now where bar_bills.party_id = p_party;
  end if;
end
$function$;
REVOKE ALL ON FUNCTION public.bill_follow_declared(p_party uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.bill_follows_orders()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_party uuid;
  v_settled text;
begin
  for v_party in select distinct changed.party_id from changed order by changed.party_id loop
    select bar_bills.settled_by into v_settled from public.bar_bills where bar_bills.party_id = v_party for no key update;
    if v_settled is not null then
      perform public.bill_follow_declared(v_party);
    end if;
  end loop;
  return null;
end
$function$;
REVOKE ALL ON FUNCTION public.bill_follows_orders() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.bill_late_orders(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(json_agg(json_build_object('product_name', orders.product_name, 'amount', orders.product_price, 'full_name', users.full_name,
                                             'received_at', orders.received_at) order by orders.received_at, orders.id), '[]'::json)
  from public.bar_bills as bills
  join public.orders on orders.party_id = bills.party_id and orders.active and orders.received_at > bills.settled_at
  join public.users on users.id = orders.user_id
  where bills.party_id = p_party and bills.settled_by is not null
$function$;
REVOKE ALL ON FUNCTION public.bill_late_orders(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.bill_late_orders(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.bill_line_keeps_units()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select from public.bill_units where bill_units.line_id = new.id and bill_units.unit_no >= new.quantity) then
    raise exception using errcode = 'check_violation', constraint = 'bill_claimed',
      message = 'bill_claimed: a bill line holds fewer units than its guests claimed';
  end if;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION public.bill_line_keeps_units() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.bill_lock_product(p_party uuid, p_key text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- Every row (a SQL function's last select would stop at the first).
  perform from public.bar_bill_lines
  where bar_bill_lines.party_id = p_party and bar_bill_lines.product_key = p_key
  order by bar_bill_lines.id for update;
end
$function$;
REVOKE ALL ON FUNCTION public.bill_lock_product(p_party uuid, p_key text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.bill_release_claim(p_claim uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  gone public.bill_claims;
  others integer;
begin
  delete from public.bill_claims where bill_claims.id = p_claim returning * into gone;
  if not found then
    return;
  end if;
  select count(*) into others from public.bill_claims where bill_claims.line_id = gone.line_id and bill_claims.unit_no = gone.unit_no;
  if others = 0 then
    delete from public.bill_units where bill_units.line_id = gone.line_id and bill_units.unit_no = gone.unit_no;
  else
    perform public.bill_unit_resplit(gone.line_id, gone.unit_no, greatest(gone.shares - 1, others));
  end if;
end
$function$;
REVOKE ALL ON FUNCTION public.bill_release_claim(p_claim uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.bill_unit_resplit(p_line uuid, p_unit integer, p_shares integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  claim record;
  turn integer := 0;
begin
  -- The claims first, the unit after: bill_claims_unit cascades a unit's update
  -- to the claims that still name its old split (20261202000100), and none does by then.
  set constraints public.bill_claims_unit deferred;
  -- One by one, lowest first: a claim moves only to a number no other claim holds any more.
  for claim in
    select bill_claims.id from public.bill_claims
    where bill_claims.line_id = p_line and bill_claims.unit_no = p_unit
    order by bill_claims.share_no
  loop
    update public.bill_claims as claims
    set shares = p_shares, share_no = turn,
        amount = claims.unit_price / p_shares + case when turn < claims.unit_price % p_shares then 1 else 0 end
    where claims.id = claim.id;
    turn := turn + 1;
  end loop;
  update public.bill_units set shares = p_shares where bill_units.line_id = p_line and bill_units.unit_no = p_unit;
  set constraints public.bill_claims_unit immediate;
end
$function$;
REVOKE ALL ON FUNCTION public.bill_unit_resplit(p_line uuid, p_unit integer, p_shares integer) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.bill_unit_within_line()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (select from public.bar_bill_lines where bar_bill_lines.id = new.line_id and new.unit_no < bar_bill_lines.quantity) then
    raise exception using errcode = 'check_violation', constraint = 'bill_line_taken', message = 'bill_line_taken: Otra persona ya lo reclamó.';
  end if;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION public.bill_unit_within_line() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.claim_bill_line(p_id uuid, p_line uuid, p_shares integer DEFAULT 1, p_created_at timestamp with time zone DEFAULT now(), p_join boolean DEFAULT false, p_saw_share boolean DEFAULT false)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  guest uuid := public.request_guest_id();
  party uuid := public.request_party_id();
  tap timestamptz := coalesce(p_created_at, now());
  joining boolean := coalesce(p_join, false) and p_shares > 1;
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
    raise exception using errcode = 'invalid_parameter_value', constraint = 'bill_shares_range',
      message = 'bill_shares_range: se comparte entre 2 y 12 personas';
  end if;
  perform public.refuse_tap_time(party, tap);
  -- The bill's row, shared: a settlement (which takes it for update) waits for the claims under way, and they for it.
  select bar_bills.settled_by into settled from public.bar_bills where bar_bills.party_id = party for share;
  if settled = 'host' then
    raise exception using errcode = 'check_violation', constraint = 'bill_settled_by_host',
      message = 'bill_settled_by_host: el anfitrión ya pagó lo que quedaba de la cuenta del bar';
  end if;
  if settled is not null then
    raise exception using errcode = 'check_violation', constraint = 'bill_settled', message = 'bill_settled: lo que quedaba de la cuenta del bar ya se repartió';
  end if;
  select * into line from public.bar_bill_lines where bar_bill_lines.id = p_line and bar_bill_lines.party_id = party;
  if not found then
    raise exception using errcode = 'foreign_key_violation', constraint = 'bill_line_unknown', message = 'bill_line_unknown: esa línea ya no está en la cuenta del bar';
  end if;
  key := line.product_key;
  perform public.bill_lock_product(party, key);
  -- A replay that raced itself: the first one is the claim.
  select * into held from public.bill_claims where bill_claims.id = p_id;
  if found then
    return public.bill_claim_json(held);
  end if;
  -- The product's billed units less its picks and its units claimed: what a new unit may still take.
  units_left := (select coalesce(sum(same.quantity), 0) from public.bar_bill_lines as same
                 where same.party_id = party and same.product_key = key)
    - (select coalesce(sum(named.n), 0) from (
         select orders.product_name, count(*) as n from public.orders where orders.party_id = party and orders.active group by orders.product_name
       ) as named where public.bill_name_key(named.product_name) = key)
    - (select count(*) from public.bill_units join public.bar_bill_lines as same on same.id = bill_units.line_id
       where same.party_id = party and same.product_key = key);
  if p_shares > 1 then
    -- The earliest open unit of this split the guest holds no share of: its next share.
    select units.unit_no, count(claims.id)::integer into unit, share
    from public.bill_units as units
    join public.bill_claims as claims on claims.line_id = units.line_id and claims.unit_no = units.unit_no
    where units.line_id = p_line and units.shares = p_shares
    group by units.unit_no
    having count(claims.id) < p_shares and not bool_or(claims.user_id = guest)
    order by units.unit_no
    limit 1;
    -- 'Sí, me uno' to a split that filled up: the unit grows by the joiner, the others' shares recomputed.
    if unit is null and joining then
      select units.unit_no into unit
      from public.bill_units as units
      join public.bill_claims as claims on claims.line_id = units.line_id and claims.unit_no = units.unit_no
      where units.line_id = p_line and units.shares = p_shares - 1 and units.shares > 1
      group by units.unit_no
      having count(claims.id) = p_shares - 1 and not bool_or(claims.user_id = guest)
      order by units.unit_no
      limit 1;
      if unit is not null then
        perform public.bill_unit_resplit(p_line, unit, p_shares);
        share := p_shares - 1;
      end if;
    end if;
  end if;
  if unit is null and not joining and units_left > 0 then
    select min(free.n) into unit from generate_series(0, line.quantity - 1) as free(n)
    where not exists (select from public.bill_units where bill_units.line_id = p_line and bill_units.unit_no = free.n);
    if unit is not null then
      insert into public.bill_units (line_id, unit_no, shares, unit_price) values (p_line, unit, p_shares, line.unit_price);
      share := 0;
    end if;
  end if;
  if unit is null then
    return public.bill_offer_or_refusal(p_id, guest, line, joining, units_left, joining or not coalesce(p_saw_share, false));
  end if;
  insert into public.bill_claims (id, party_id, user_id, line_id, unit_no, shares, share_no, unit_price, amount, product_name, created_at)
  values (p_id, party, guest, p_line, unit, p_shares, share, line.unit_price,
          line.unit_price / p_shares + case when share < line.unit_price % p_shares then 1 else 0 end,
          coalesce(line.menu_name, line.product), least(tap, now()))
  returning * into held;
  return public.bill_claim_json(held);
end
$function$;
REVOKE ALL ON FUNCTION public.claim_bill_line(p_id uuid, p_line uuid, p_shares integer, p_created_at timestamp with time zone, p_join boolean, p_saw_share boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.claim_bill_line(p_id uuid, p_line uuid, p_shares integer, p_created_at timestamp with time zone, p_join boolean, p_saw_share boolean) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.deployment_takes_mercadopago()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((select ways.mercadopago from public.deployment_payment_ways as ways where ways.only_row), false)
$function$;
REVOKE ALL ON FUNCTION public.deployment_takes_mercadopago() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.deployment_takes_mercadopago() TO service_role;

CREATE OR REPLACE FUNCTION public.guest_balance(p_party uuid, p_user uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with tab as (
    select public.tipped_total(greatest(coalesce(sum(lines.amount), 0), 0)::bigint) as tipped, coalesce(bool_or(lines.kind = 'honoured'), false) as honoured
    from public.party_tab_lines(p_party, p_user) as lines
  ),
  paid as (select coalesce((select paid.paid_amount from public.party_paid(p_party, p_user) as paid), 0) as amount),
  pending as (
    select coalesce(sum(payments.amount), 0) as amount from public.provider_payments as payments
    where payments.party_id = p_party and payments.user_id = p_user and payments.status in ('pending', 'in_process', 'authorized')
  )
  select json_build_object('tipped', tab.tipped, 'paid', paid.amount, 'owed', greatest(tab.tipped - paid.amount, 0),
                           'credit', greatest(paid.amount - tab.tipped, 0), 'pending', pending.amount, 'honoured', tab.honoured)
  from tab cross join paid cross join pending
$function$;
REVOKE ALL ON FUNCTION public.guest_balance(p_party uuid, p_user uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.guest_balance(p_party uuid, p_user uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.guest_ever_owed(p_user_id uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select public.tipped_total(greatest(
    coalesce((select sum(orders.product_price) from public.orders where orders.user_id = p_user_id), 0)
      + coalesce((
        select sum(lines.amount)
        from public.users
        cross join lateral public.party_tab_lines(users.party_id, users.id) as lines
        where users.id = p_user_id and lines.kind <> 'order'
      ), 0),
    0)::bigint)
$function$;
REVOKE ALL ON FUNCTION public.guest_ever_owed(p_user_id uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.guest_ever_owed(p_user_id uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.guest_joins_party()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  closed timestamptz;
begin
  if new.party_id is null then
    new.party_id := public.request_party_id();
  end if;
  if new.party_id is null then
    raise exception using errcode = 'foreign_key_violation', constraint = 'party_unknown',
      message = 'party_unknown: no party has this code';
  end if;
  select parties.closed_at into closed from public.parties where parties.id = new.party_id;
  if closed is not null then
    perform public.refuse_closed_party(new.party_id, 'no new guests');
  end if;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION public.guest_joins_party() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.guest_payments(p_party uuid, p_user uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with known as (select exists (select from public.users where users.id = p_user and users.party_id = p_party) as yes)
  select json_build_object(
    'known', known.yes,
    'payments', case when not known.yes then '[]'::json else coalesce((
      select json_agg(json_build_object('amount', paid.amount, 'at', paid.at, 'method', paid.method) order by paid.at, paid.method)
      from (
        select payments.amount - payments.refunded_amount as amount, coalesce(payments.approved_at, payments.provider_updated_at) as at, 'mercadopago' as method
        from public.provider_payments as payments
        where payments.party_id = p_party and payments.user_id = p_user and payments.status = 'approved' and payments.currency = 'CLP'
          and payments.amount > payments.refunded_amount
        union all
        select marks.paid_amount, marks.paid_at, 'host' from public.host_paid_marks as marks where marks.user_id = p_user
      ) as paid
    ), '[]'::json) end,
    'refunds', case when not known.yes then '[]'::json else coalesce((
      select json_agg(json_build_object('amount', batches.amount, 'at', batches.at, 'method', batches.way) order by batches.at)
      from (
        select sum(refunds.amount) as amount, max(refunds.done_at) as at, min(refunds.way) as way
        from public.payment_refunds as refunds
        where refunds.party_id = p_party and refunds.user_id = p_user and refunds.state = 'done'
        group by refunds.batch
      ) as batches
    ), '[]'::json) end,
    'balance', case when known.yes then public.guest_balance(p_party, p_user) end,
    'last_payment', (
      select json_build_object('status', payments.status, 'amount', payments.amount, 'at', payments.provider_updated_at)
      from public.provider_payments as payments
      where known.yes and payments.party_id = p_party and payments.user_id = p_user
      order by payments.created_at desc, payments.payment_id desc
      limit 1
    ),
    'checkout_open', known.yes and exists (
      select from public.payment_attempts as attempts
      where attempts.user_id = p_user and attempts.party_id = p_party and attempts.state = 'open' and attempts.expires_at > now() - interval '1 day'
    ),
    'ways', json_build_object(
      'mercadopago', public.deployment_takes_mercadopago()
        and coalesce((select ways.mercadopago from public.party_payment_ways as ways where ways.party_id = p_party), true),
      'transfer', (
        select json_build_object('holder_name', details.holder_name, 'rut', details.rut, 'bank', details.bank,
                                 'account_type', details.account_type, 'account_number', details.account_number, 'email', details.email)
        from public.party_transfer_details as details where details.party_id = p_party
      )
    ),
    'transfer_notices', case when not known.yes then '[]'::json else coalesce((
      select json_agg(json_build_object('id', notices.id, 'amount', notices.amount, 'at', notices.created_at) order by notices.created_at, notices.id)
      from public.transfer_notices as notices where notices.user_id = p_user and notices.party_id = p_party
    ), '[]'::json) end
  )
  from known
  where p_party is not null
$function$;
REVOKE ALL ON FUNCTION public.guest_payments(p_party uuid, p_user uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.guest_payments(p_party uuid, p_user uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.guest_refundable(p_party uuid, p_user uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(sum(payments.amount - payments.refunded_amount), 0)::bigint
  from public.provider_payments as payments
  where payments.party_id = p_party and payments.user_id = p_user and payments.status = 'approved' and payments.currency = 'CLP'
$function$;
REVOKE ALL ON FUNCTION public.guest_refundable(p_party uuid, p_user uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.guest_refundable(p_party uuid, p_user uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_add_product(p_party uuid, p_name text, p_price integer, p_category text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if public.host_menu_closed(p_party) then
    return json_build_object('refused', 'party_closed');
  end if;
  if exists (
    select from public.party_products
    where party_products.party_id = p_party and public.name_key(party_products.name) = public.name_key(p_name)
  ) then
    return json_build_object('refused', 'product_exists');
  end if;
  insert into public.party_products (party_id, name, price, category, position)
  values (p_party, p_name, p_price, p_category,
    coalesce((select max(party_products.position) from public.party_products where party_products.party_id = p_party), 0) + 1);
  return public.party_menu_of(p_party);
end
$function$;
REVOKE ALL ON FUNCTION public.host_add_product(p_party uuid, p_name text, p_price integer, p_category text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_add_product(p_party uuid, p_name text, p_price integer, p_category text) TO service_role;

CREATE OR REPLACE FUNCTION public.host_bill(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(public.bill_comparison(p_party), json_build_object('refused', 'no_bill'))
$function$;
REVOKE ALL ON FUNCTION public.host_bill(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_bill(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_bill_change(p_party uuid, p_action text, p_args json, p_confirmed boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_before jsonb;
  v_answer json;
  v_moved integer := 0;
begin
  select coalesce(jsonb_object_agg(tabs.user_id::text, tabs.tipped), '{}'::jsonb) into v_before
  from (
    select lines.user_id, public.tipped_total(greatest(sum(lines.amount), 0)::bigint) as tipped
    from public.party_tab_lines(p_party) as lines group by lines.user_id
  ) as tabs
  join public.party_paid(p_party) as paid on paid.user_id = tabs.user_id and paid.paid_amount > 0;
  begin
    v_answer := case p_action
      when 'save_bill' then public.host_save_bill(p_party, p_args -> 'lines', (p_args ->> 'total')::bigint, (p_args ->> 'printedTotal')::bigint)
      when 'settle_bill' then public.host_settle_bill(p_party, p_args ->> 'by')
      when 'honour' then public.host_set_honour(p_party, (p_args ->> 'guestId')::uuid, (p_args ->> 'honoured')::boolean)
    end;
    if v_answer is null or (v_answer::jsonb ? 'refused') then
      raise exception using errcode = 'LC042', message = 'refused';
    end if;
    select count(*) into v_moved
    from public.party_paid(p_party) as paid
    left join (
      select lines.user_id, public.tipped_total(greatest(sum(lines.amount), 0)::bigint) as tipped
      from public.party_tab_lines(p_party) as lines group by lines.user_id
    ) as tabs on tabs.user_id = paid.user_id
    where paid.paid_amount > 0 and coalesce(tabs.tipped, 0) <> coalesce((v_before ->> paid.user_id::text)::bigint, 0);
    if v_moved > 0 and not p_confirmed then
      raise exception using errcode = 'LC042', message = 'moves_paid';
    end if;
  exception when sqlstate 'LC042' then
    if v_answer is null or (v_answer::jsonb ? 'refused') then
      return v_answer;
    end if;
    return json_build_object('refused', 'moves_paid', 'guests', v_moved);
  end;
  return v_answer;
end
$function$;
REVOKE ALL ON FUNCTION public.host_bill_change(p_party uuid, p_action text, p_args json, p_confirmed boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_bill_change(p_party uuid, p_action text, p_args json, p_confirmed boolean) TO service_role;

CREATE OR REPLACE FUNCTION public.host_close_party(p_party uuid)
 RETURNS json
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update public.parties set closed_at = coalesce(parties.closed_at, now()) where parties.id = p_party;
  select public.host_party_info(p_party);
$function$;
REVOKE ALL ON FUNCTION public.host_close_party(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_close_party(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_create_party(p_name text, p_date date, p_payment_url text, p_key_sha256 text, p_menu_from text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  made uuid;
  source uuid;
begin
  if p_menu_from is not null then
    select parties.id into source from public.parties where parties.code = p_menu_from;
    if source is null then
      return json_build_object('refused', 'unknown_menu_source');
    end if;
  end if;
  insert into public.parties (code, name, party_date, payment_url, host_key_sha256, menu_source)
  values (public.new_party_code(), p_name, p_date, p_payment_url, decode(p_key_sha256, 'hex'), source)
  returning id into made;
  return public.host_party_info(made);
end
$function$;
REVOKE ALL ON FUNCTION public.host_create_party(p_name text, p_date date, p_payment_url text, p_key_sha256 text, p_menu_from text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_create_party(p_name text, p_date date, p_payment_url text, p_key_sha256 text, p_menu_from text) TO service_role;

CREATE OR REPLACE FUNCTION public.host_guest(p_party uuid, p_user_id uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
    ), '[]'::json),
    'payments', coalesce((
      select json_agg(json_build_object('amount', payments.amount - payments.refunded_amount, 'at', coalesce(payments.approved_at, payments.provider_updated_at),
                                        'method', 'mercadopago') order by payments.approved_at, payments.payment_id)
      from public.provider_payments as payments
      where payments.user_id = users.id and payments.party_id = p_party and payments.status = 'approved' and payments.currency = 'CLP'
    ), '[]'::json)
  )
  from public.users
  left join public.party_paid(p_party, p_user_id) as marks on marks.user_id = users.id
  where users.id = p_user_id and users.party_id = p_party
$function$;
REVOKE ALL ON FUNCTION public.host_guest(p_party uuid, p_user_id uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_guest(p_party uuid, p_user_id uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_import_menu(p_party uuid, p_lines json)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  top integer;
begin
  if public.host_menu_closed(p_party) then
    return json_build_object('refused', 'party_closed');
  end if;
  update public.party_products
  set name = line.name, price = line.price, category = line.category, updated_at = now()
  from json_to_recordset(p_lines) as line(name text, price integer, category text)
  where party_products.party_id = p_party and public.name_key(party_products.name) = public.name_key(line.name);
  select coalesce(max(party_products.position), 0) into top from public.party_products where party_products.party_id = p_party;
  insert into public.party_products (party_id, name, price, category, position)
  select p_party, line.name, line.price, line.category, top + line.n::integer
  from rows from (json_to_recordset(p_lines) as (name text, price integer, category text)) with ordinality as line(name, price, category, n)
  where not exists (
    select from public.party_products
    where party_products.party_id = p_party and public.name_key(party_products.name) = public.name_key(line.name)
  );
  return public.party_menu_of(p_party);
end
$function$;
REVOKE ALL ON FUNCTION public.host_import_menu(p_party uuid, p_lines json) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_import_menu(p_party uuid, p_lines json) TO service_role;

CREATE OR REPLACE FUNCTION public.host_key_attempt(p_address text, p_wrong boolean, p_limit integer, p_window_seconds integer)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  span interval := make_interval(secs => p_window_seconds);
  v_started timestamptz;
  v_failures integer;
begin
  if p_wrong then
    insert into public.host_key_failures as kept (address, window_start, failures)
    values (p_address, now(), 1)
    on conflict (address) do update set
      window_start = case when kept.window_start <= now() - span then now() else kept.window_start end,
      failures = case when kept.window_start <= now() - span then 1 else kept.failures + 1 end
    returning kept.window_start, kept.failures into v_started, v_failures;
    -- Windows long past tell nothing: forget them.
    delete from public.host_key_failures where host_key_failures.window_start < now() - span - interval '1 hour';
    if v_failures <= p_limit then
      return 0;
    end if;
  else
    select kept.window_start, kept.failures into v_started, v_failures
    from public.host_key_failures as kept
    where kept.address = p_address and kept.window_start > now() - span;
    if v_failures is null or v_failures < p_limit then
      return 0;
    end if;
  end if;
  return greatest(1, ceil(extract(epoch from v_started + span - now())))::integer;
end
$function$;
REVOKE ALL ON FUNCTION public.host_key_attempt(p_address text, p_wrong boolean, p_limit integer, p_window_seconds integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_key_attempt(p_address text, p_wrong boolean, p_limit integer, p_window_seconds integer) TO service_role;

CREATE OR REPLACE FUNCTION public.host_mark_paid(p_party uuid, p_user_id uuid, p_paid boolean, p_amount bigint DEFAULT NULL::bigint)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
  v_amount := coalesce(p_amount, greatest((
    select public.tipped_total(greatest(coalesce(sum(lines.amount), 0), 0)::bigint)
    from public.party_tab_lines(p_party, p_user_id) as lines
  ) - coalesce((select paid.provider_amount from public.party_paid(p_party, p_user_id) as paid), 0), 0));
  if v_amount > public.guest_ever_owed(p_user_id) then
    return json_build_object('refused', 'paid_over_orders');
  end if;
  insert into public.host_paid_marks (user_id, paid_amount, paid_at)
  values (p_user_id, v_amount, now())
  on conflict (user_id) do update set paid_amount = excluded.paid_amount, paid_at = excluded.paid_at;
  return json_build_object('id', p_user_id, 'paid_amount', v_amount, 'paid_at', now());
end
$function$;
REVOKE ALL ON FUNCTION public.host_mark_paid(p_party uuid, p_user_id uuid, p_paid boolean, p_amount bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_mark_paid(p_party uuid, p_user_id uuid, p_paid boolean, p_amount bigint) TO service_role;

CREATE OR REPLACE FUNCTION public.host_mark_refunded(p_party uuid, p_user uuid, p_amount bigint)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_credit bigint;
  v_by_hand bigint;
begin
  if not exists (select from public.users where users.id = p_user and users.party_id = p_party) then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guest_money:' || p_user::text, 0));
  v_credit := (public.guest_balance(p_party, p_user) ->> 'credit')::bigint;
  v_by_hand := v_credit - least(v_credit, public.guest_refundable(p_party, p_user));
  if v_by_hand <= 0 then
    return json_build_object('refused', 'nothing_to_refund');
  end if;
  if p_amount <> v_by_hand then
    return json_build_object('refused', 'credit_changed', 'amount', v_by_hand);
  end if;
  insert into public.payment_refunds (batch, party_id, user_id, way, amount, state, done_at)
  values (gen_random_uuid(), p_party, p_user, 'host', p_amount, 'done', now());
  return json_build_object('id', p_user, 'refunded', p_amount);
end
$function$;
REVOKE ALL ON FUNCTION public.host_mark_refunded(p_party uuid, p_user uuid, p_amount bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_mark_refunded(p_party uuid, p_user uuid, p_amount bigint) TO service_role;

CREATE OR REPLACE FUNCTION public.host_menu_closed(p_party uuid)
 RETURNS boolean
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select parties.closed_at is not null from public.parties where parties.id = p_party for no key update
$function$;
REVOKE ALL ON FUNCTION public.host_menu_closed(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_menu_closed(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_money(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select json_build_object(
    'absorbed', (
      select json_build_object('amount', bills.settled_amount, 'at', bills.settled_at)
      from public.bar_bills as bills where bills.party_id = p_party and bills.settled_by = 'host' and bills.settled_amount > 0
    ),
    'payments', coalesce((
      select json_agg(json_build_object('user_id', paid.user_id, 'full_name', users.full_name, 'amount', paid.amount, 'at', paid.at, 'method', paid.method)
        order by users.full_name, users.id, paid.at)
      from (
        select payments.user_id, payments.amount, coalesce(payments.approved_at, payments.provider_updated_at) as at, 'mercadopago' as method
        from public.provider_payments as payments
        where payments.party_id = p_party and payments.currency = 'CLP' and payments.status in ('approved', 'refunded')
        union all
        select marks.user_id, marks.paid_amount, marks.paid_at, 'host'
        from public.host_paid_marks as marks join public.users on users.id = marks.user_id
        where users.party_id = p_party and marks.paid_amount > 0
      ) as paid
      join public.users on users.id = paid.user_id
    ), '[]'::json),
    'refunds', coalesce((
      select json_agg(json_build_object('user_id', gone.user_id, 'full_name', users.full_name, 'amount', gone.amount, 'at', gone.at, 'method', gone.method)
        order by users.full_name, users.id, gone.at)
      from (
        -- Mercado Pago's as its payments read back (a refund made at its panel too); the host's by hand.
        select payments.user_id, payments.refunded_amount as amount, payments.provider_updated_at as at, 'mercadopago' as method
        from public.provider_payments as payments
        where payments.party_id = p_party and payments.currency = 'CLP' and payments.status in ('approved', 'refunded') and payments.refunded_amount > 0
        union all
        select refunds.user_id, refunds.amount, refunds.done_at, 'host'
        from public.payment_refunds as refunds
        where refunds.party_id = p_party and refunds.way = 'host' and refunds.state = 'done'
      ) as gone
      join public.users on users.id = gone.user_id
    ), '[]'::json),
    'credits', coalesce((
      select json_agg(json_build_object('user_id', guests.id, 'full_name', guests.full_name, 'amount', guests.credit) order by guests.full_name, guests.id)
      from json_to_recordset(public.host_party(p_party) -> 'guests') as guests(id uuid, full_name text, credit bigint)
      where guests.credit > 0
    ), '[]'::json)
  )
$function$;
REVOKE ALL ON FUNCTION public.host_money(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_money(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_orders(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
  left join public.party_paid(p_party) as marks on marks.user_id = covered.user_id
$function$;
REVOKE ALL ON FUNCTION public.host_orders(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_orders(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_parties()
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
REVOKE ALL ON FUNCTION public.host_parties() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_parties() TO service_role;

CREATE OR REPLACE FUNCTION public.host_party(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with lines as (select * from public.party_tab_lines(p_party)),
  tabs as (
    select lines.user_id, count(*) filter (where lines.kind in ('order', 'claim')) as order_count, sum(lines.amount)::bigint as total,
           max(lines.created_at) filter (where lines.kind in ('order', 'claim')) as last_order_at
    from lines
    group by lines.user_id
  ),
  paid as (select * from public.party_paid(p_party)),
  books as (
    select tabs.user_id, tabs.order_count, tabs.total, tabs.last_order_at from tabs
    union all
    select paid.user_id, 0, 0, null from paid where paid.paid_amount > 0 and paid.user_id not in (select tabs.user_id from tabs)
  ),
  notices as (
    select distinct on (notices.user_id) notices.user_id, notices.amount, notices.created_at
    from public.transfer_notices as notices
    where notices.party_id = p_party
    order by notices.user_id, notices.created_at desc, notices.id
  ),
  refundable as (
    select payments.user_id, sum(payments.amount - payments.refunded_amount)::bigint as amount
    from public.provider_payments as payments
    where payments.party_id = p_party and payments.status = 'approved' and payments.currency = 'CLP'
    group by payments.user_id
  ),
  pending as (
    select payments.user_id, sum(payments.amount)::bigint as amount
    from public.provider_payments as payments
    where payments.party_id = p_party and payments.status in ('pending', 'in_process', 'authorized')
    group by payments.user_id
  ),
  refunds as (
    select batches.user_id,
           coalesce(json_agg(json_build_object('amount', batches.amount, 'at', batches.at, 'method', batches.way) order by batches.at)
                    filter (where batches.amount is not null), '[]'::json) as done,
           sum(batches.asked)::bigint as asked
    from (
      select refunds.user_id, refunds.batch, sum(refunds.amount) filter (where refunds.state = 'done') as amount, max(refunds.done_at) as at,
             min(refunds.way) as way, sum(refunds.amount) filter (where refunds.state = 'asked') as asked
      from public.payment_refunds as refunds
      where refunds.party_id = p_party and refunds.state in ('done', 'asked')
      group by refunds.user_id, refunds.batch
    ) as batches
    group by batches.user_id
  ),
  guests as (
    select users.id, users.full_name, books.order_count, books.total, public.tipped_total(greatest(books.total, 0)) as tipped,
           books.last_order_at, paid.paid_amount, paid.paid_at, paid.mark_amount, paid.mark_at, paid.provider_amount, paid.provider_at,
           notices.amount as notice_amount, notices.created_at as notice_at, coalesce(refundable.amount, 0) as refundable,
           coalesce(pending.amount, 0) as pending, refunds.done as refunds, coalesce(refunds.asked, 0) as refund_asked
    from books
    join public.users on users.id = books.user_id
    left join paid on paid.user_id = books.user_id
    left join notices on notices.user_id = books.user_id
    left join refundable on refundable.user_id = books.user_id
    left join pending on pending.user_id = books.user_id
    left join refunds on refunds.user_id = books.user_id
  )
  select json_build_object(
    'total', coalesce(sum(guests.total), 0),
    'tipped', coalesce(sum(guests.tipped), 0),
    'paid', coalesce(sum(guests.paid_amount), 0),
    'owed', coalesce(sum(greatest(guests.tipped - coalesce(guests.paid_amount, 0), 0)), 0),
    'credit', coalesce(sum(greatest(coalesce(guests.paid_amount, 0) - guests.tipped, 0)), 0),
    'guest_of_honour', (select honours.user_id from public.party_honours as honours where honours.party_id = p_party),
    'guests', coalesce(json_agg(json_build_object(
      'id', guests.id,
      'full_name', guests.full_name,
      'orders', guests.order_count,
      'total', guests.total,
      'tipped', guests.tipped,
      'last_order_at', guests.last_order_at,
      'paid_amount', guests.paid_amount,
      'paid_at', guests.paid_at,
      'mark_amount', guests.mark_amount,
      'mark_at', guests.mark_at,
      'provider_amount', guests.provider_amount,
      'provider_at', guests.provider_at,
      'transfer_notice', case when guests.notice_amount is null then null
                              else json_build_object('amount', guests.notice_amount, 'at', guests.notice_at) end,
      'credit', greatest(coalesce(guests.paid_amount, 0) - guests.tipped, 0),
      'refundable', guests.refundable,
      'pending', guests.pending,
      'refund_asked', guests.refund_asked,
      'refunds', coalesce(guests.refunds, '[]'::json)
    ) order by guests.id), '[]'::json)
  )
  from guests
$function$;
REVOKE ALL ON FUNCTION public.host_party(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_party(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_party_by_code(p_code text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select parties.id from public.parties
  where (p_code is null and parties.is_default) or parties.code = p_code
$function$;
REVOKE ALL ON FUNCTION public.host_party_by_code(p_code text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_party_by_code(p_code text) TO service_role;

CREATE OR REPLACE FUNCTION public.host_party_for_key(p_key_sha256 text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select parties.id from public.parties
  where p_key_sha256 ~ '^[0-9a-f]{64}$' and parties.host_key_sha256 = decode(p_key_sha256, 'hex')
$function$;
REVOKE ALL ON FUNCTION public.host_party_for_key(p_key_sha256 text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_party_for_key(p_key_sha256 text) TO service_role;

CREATE OR REPLACE FUNCTION public.host_party_info(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select json_build_object(
    'id', parties.id, 'code', parties.code, 'name', parties.name, 'party_date', parties.party_date,
    'payment_url', parties.payment_url, 'closed_at', parties.closed_at, 'is_default', parties.is_default
  )
  from public.parties where parties.id = p_party
$function$;
REVOKE ALL ON FUNCTION public.host_party_info(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_party_info(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_payment_ways(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select json_build_object(
    'mercadopago', coalesce((select ways.mercadopago from public.party_payment_ways as ways where ways.party_id = p_party), true),
    'transfer', (
      select json_build_object('holder_name', details.holder_name, 'rut', details.rut, 'bank', details.bank,
                               'account_type', details.account_type, 'account_number', details.account_number, 'email', details.email)
      from public.party_transfer_details as details where details.party_id = p_party
    )
  )
$function$;
REVOKE ALL ON FUNCTION public.host_payment_ways(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_payment_ways(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.host_save_bill(p_party uuid, p_lines json, p_total bigint DEFAULT NULL::bigint, p_printed_total bigint DEFAULT NULL::bigint)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
REVOKE ALL ON FUNCTION public.host_save_bill(p_party uuid, p_lines json, p_total bigint, p_printed_total bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_save_bill(p_party uuid, p_lines json, p_total bigint, p_printed_total bigint) TO service_role;

CREATE OR REPLACE FUNCTION public.host_set_honour(p_party uuid, p_user_id uuid, p_honoured boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$;
REVOKE ALL ON FUNCTION public.host_set_honour(p_party uuid, p_user_id uuid, p_honoured boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_set_honour(p_party uuid, p_user_id uuid, p_honoured boolean) TO service_role;

CREATE OR REPLACE FUNCTION public.host_set_mercadopago(p_party uuid, p_on boolean)
 RETURNS json
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.party_payment_ways (party_id, mercadopago) values (p_party, p_on)
  on conflict (party_id) do update set mercadopago = excluded.mercadopago, updated_at = now();
  select public.host_payment_ways(p_party);
$function$;
REVOKE ALL ON FUNCTION public.host_set_mercadopago(p_party uuid, p_on boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_set_mercadopago(p_party uuid, p_on boolean) TO service_role;

CREATE OR REPLACE FUNCTION public.host_set_price(p_party uuid, p_name text, p_price integer)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if public.host_menu_closed(p_party) then
    return json_build_object('refused', 'party_closed');
  end if;
  update public.party_products set price = p_price, updated_at = now()
  where party_products.party_id = p_party and party_products.name = p_name;
  if not found then
    return json_build_object('refused', 'unknown_product');
  end if;
  return public.party_menu_of(p_party);
end
$function$;
REVOKE ALL ON FUNCTION public.host_set_price(p_party uuid, p_name text, p_price integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_set_price(p_party uuid, p_name text, p_price integer) TO service_role;

CREATE OR REPLACE FUNCTION public.host_set_sold_out(p_party uuid, p_name text, p_sold_out boolean)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if public.host_menu_closed(p_party) then
    return json_build_object('refused', 'party_closed');
  end if;
  update public.party_products set sold_out = p_sold_out, updated_at = now()
  where party_products.party_id = p_party and party_products.name = p_name;
  if not found then
    return json_build_object('refused', 'unknown_product');
  end if;
  return public.party_menu_of(p_party);
end
$function$;
REVOKE ALL ON FUNCTION public.host_set_sold_out(p_party uuid, p_name text, p_sold_out boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_set_sold_out(p_party uuid, p_name text, p_sold_out boolean) TO service_role;

CREATE OR REPLACE FUNCTION public.host_set_transfer_details(p_party uuid, p_details json)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_details is null then
    delete from public.party_transfer_details where party_transfer_details.party_id = p_party;
  else
    insert into public.party_transfer_details (party_id, holder_name, rut, bank, account_type, account_number, email)
    values (p_party, p_details ->> 'holder_name', p_details ->> 'rut', p_details ->> 'bank', p_details ->> 'account_type',
            p_details ->> 'account_number', p_details ->> 'email')
    on conflict (party_id) do update set holder_name = excluded.holder_name, rut = excluded.rut, bank = excluded.bank,
      account_type = excluded.account_type, account_number = excluded.account_number, email = excluded.email, updated_at = now();
  end if;
  return public.host_payment_ways(p_party);
end
$function$;
REVOKE ALL ON FUNCTION public.host_set_transfer_details(p_party uuid, p_details json) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_set_transfer_details(p_party uuid, p_details json) TO service_role;

CREATE OR REPLACE FUNCTION public.host_settle_bill(p_party uuid, p_by text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  left_over bigint;
begin
  if not exists (select from public.bar_bills where bar_bills.party_id = p_party for update) then
    return json_build_object('refused', 'no_bill');
  end if;
  left_over := (public.bill_comparison(p_party) ->> 'to_spread')::bigint;
  if p_by = 'guests' and left_over > 0 and not exists (
    select from public.orders where orders.party_id = p_party and orders.active
    union all
    select from public.bill_claims as claims where claims.party_id = p_party
  ) then
    return json_build_object('refused', 'no_guests');
  end if;
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
  end if;
  update public.bar_bills set settled_by = p_by, settled_amount = left_over, settled_first = left_over, settled_at = now()
  where bar_bills.party_id = p_party;
  return public.bill_comparison(p_party);
end
$function$;
REVOKE ALL ON FUNCTION public.host_settle_bill(p_party uuid, p_by text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_settle_bill(p_party uuid, p_by text) TO service_role;

CREATE OR REPLACE FUNCTION public.host_unclaim_bill_line(p_party uuid, p_user_id uuid, p_claim uuid)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  held public.bill_claims;
begin
  if not exists (select from public.users where users.id = p_user_id and users.party_id = p_party) then
    return null;
  end if;
  select * into held from public.bill_claims where bill_claims.id = p_claim and bill_claims.user_id = p_user_id and bill_claims.party_id = p_party;
  if found then
    perform from public.bar_bills where bar_bills.party_id = p_party for share;
    perform public.bill_lock_product(p_party, (select bar_bill_lines.product_key from public.bar_bill_lines where bar_bill_lines.id = held.line_id));
    perform public.bill_release_claim(p_claim);
  end if;
  return public.host_guest(p_party, p_user_id);
end
$function$;
REVOKE ALL ON FUNCTION public.host_unclaim_bill_line(p_party uuid, p_user_id uuid, p_claim uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.host_unclaim_bill_line(p_party uuid, p_user_id uuid, p_claim uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.my_bill()
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  units as (
    select units.line_id, units.unit_no, units.shares, same.product_key as key, count(*) as taken, bool_or(claims.user_id = me.id) as mine
    from public.bill_units as units
    join public.bar_bill_lines as same on same.id = units.line_id
    join me on me.party_id = same.party_id
    join public.bill_claims as claims on claims.line_id = units.line_id and claims.unit_no = units.unit_no
    where exists (select from open_bill)
    group by units.line_id, units.unit_no, units.shares, same.product_key
  ),
  taken as (
    select products.key, products.billed - coalesce(picks.n, 0) - (select count(*) from units where units.key = products.key) as units_left
    from products left join picks on picks.key = products.key
  ),
  claimable as (
    select bill_lines.id, bill_lines.position, coalesce(bill_lines.menu_name, bill_lines.product) as name, bill_lines.unit_price,
           greatest(least(taken.units_left, bill_lines.quantity - (select count(*) from units where units.line_id = bill_lines.id)), 0) as units_left,
           (select json_agg(json_build_object('shares', units.shares, 'left', units.shares - units.taken) order by units.unit_no)
            from units where units.line_id = bill_lines.id and units.shares > 1 and units.taken < units.shares and not units.mine) as open_shares
    from public.bar_bill_lines as bill_lines
    join me on me.party_id = bill_lines.party_id
    join taken on taken.key = bill_lines.product_key
    where exists (select from open_bill)
  ),
  unclaimed as (
    select coalesce(json_agg(json_build_object(
      'line_id', claimable.id, 'product_name', claimable.name, 'unit_price', claimable.unit_price, 'units_left', claimable.units_left,
      'open_shares', coalesce(claimable.open_shares, '[]'::json)
    ) order by claimable.position), '[]'::json) as list
    from claimable where claimable.units_left > 0 or claimable.open_shares is not null
  ),
  heard as (
    select unclaimed.list, md5(unclaimed.list::text) as version,
           coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-bill-seen' as seen
    from unclaimed
  )
  select json_build_object(
    'total', (select coalesce(sum(lines.amount), 0) from lines join me on me.id = lines.user_id),
    'lines', coalesce((
      select json_agg(json_build_object(
        'id', lines.id, 'kind', lines.kind, 'product_name', lines.product_name, 'amount', lines.amount, 'created_at', lines.created_at,
        'line_id', claims.line_id, 'shares', claims.shares
      ) order by lines.seq, lines.id)
      from lines join me on me.id = lines.user_id
      left join public.bill_claims as claims on lines.kind = 'claim' and claims.id = lines.id
      where lines.kind <> 'order'
    ), '[]'::json),
    'unclaimed_version', heard.version,
    'unclaimed', case when heard.seen = heard.version and json_array_length(heard.list) > 0 then null else heard.list end
  )
  from me cross join heard
$function$;
REVOKE ALL ON FUNCTION public.my_bill() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.my_bill() TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.my_paid_mark()
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select json_build_object('paid_amount', paid.paid_amount, 'paid_at', paid.paid_at)
  from public.party_paid(public.request_party_id(), public.request_guest_id()) as paid
  join public.users on users.id = paid.user_id
  where users.party_id = public.request_party_id()
$function$;
REVOKE ALL ON FUNCTION public.my_paid_mark() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.my_paid_mark() TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.my_tab_status()
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with mine as (select public.guest_payments(public.request_party_id(), public.request_guest_id()) as payments)
  select json_build_object(
    'party', (
      select json_build_object('name', parties.name, 'payment_url', parties.payment_url, 'closed_at', parties.closed_at)
      from public.parties where parties.id = public.request_party_id()
    ),
    'known', coalesce((mine.payments ->> 'known')::boolean, false),
    'paid_mark', public.my_paid_mark(),
    'bill', public.my_bill(),
    'payments', coalesce(mine.payments -> 'payments', '[]'::json),
    'refunds', coalesce(mine.payments -> 'refunds', '[]'::json),
    'owed', (mine.payments -> 'balance' ->> 'owed')::bigint,
    'credit', (mine.payments -> 'balance' ->> 'credit')::bigint,
    'pending', (mine.payments -> 'balance' ->> 'pending')::bigint,
    'honoured', coalesce((mine.payments -> 'balance' ->> 'honoured')::boolean, false),
    'last_payment', mine.payments -> 'last_payment',
    'checkout_open', coalesce((mine.payments ->> 'checkout_open')::boolean, false),
    'ways', mine.payments -> 'ways',
    'transfer_notices', coalesce(mine.payments -> 'transfer_notices', '[]'::json)
  )
  from mine
$function$;
REVOKE ALL ON FUNCTION public.my_tab_status() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.my_tab_status() TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.name_key(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
RETURN translate(p_name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦĨĩĪīĬĭĮįİĲĴĵĶķĹĺĻļĽľĿŁŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠơƢƤƦƧƩƬƮƯưƱƲƳƵƷƸƼǄǅǇǈǊǋǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǢǣǤǦǧǨǩǪǫǬǭǮǯǰǱǲǴǵǶǷǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎͰͲʹͶ;Ϳ΅Ά·ΈΉΊΌΎΏΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫάέήίΰςϊϋόύώϏϓϔϘϚϜϞϠϢϤϦϨϪϬϮϴϷϹϺϽϾϿЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯйѐёѓїќѝўѠѢѤѦѨѪѬѮѰѲѴѶѷѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӁӂӃӅӇӉӋӍӐӑӒӓӔӖӗӘӚӛӜӝӞӟӠӢӣӤӥӦӧӨӪӫӬӭӮӯӰӱӲӳӴӵӶӸӹӺӼӾԀԂԄԆԈԊԌԎԐԒԔԖԘԚԜԞԠԢԤԦԨԪԬԮḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẞẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹỺỼỾ̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ҃҄҅҆҇͘͜͟͢͝͞͠͡҈҉'::text, 'abcdefghijklmnopqrstuvwxyzaaaaaaæceeeeiiiiðnoooooøuuuuyþaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddđeeeeeeeeeegggggggghhħiiiiiiiiiĳjjkkllllllŀłnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzzɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵooƣƥʀƨʃƭʈuuʊʋƴƶʒƹƽǆǆǉǉǌǌaaiioouuuuuuuuuuaaaaææǥggkkooooʒʒjǳǳggƕƿnnaaææøøaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏͱͳʹͷ;ϳ¨α·εηιουωιαβγδεζηθικλμνξοπρστυφχψωιυαεηιυσιυουωϗϒϒϙϛϝϟϡϣϥϧϩϫϭϯθϸϲϻͻͼͽееђгєѕііјљњћкиуџабвгдежзииклмнопрстуфхцчшщъыьэюяиеегікиуѡѣѥѧѩѫѭѯѱѳѵѵѵѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏжжӄӆӈӊӌӎааааӕееәәәжжззӡииииооөөөээууууууччӷыыӻӽӿԁԃԅԇԉԋԍԏԑԓԕԗԙԛԝԟԡԣԥԧԩԫԭԯaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwyſßaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyyỻỽỿ'::text);
GRANT EXECUTE ON FUNCTION public.name_key(p_name text) TO PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.bill_name_key(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
RETURN public.name_key(p_name);
GRANT EXECUTE ON FUNCTION public.bill_name_key(p_name text) TO PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.new_party_code()
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_') $function$;
REVOKE ALL ON FUNCTION public.new_party_code() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.new_party_code() TO service_role;

CREATE OR REPLACE FUNCTION public.notify_transfer(p_id uuid, p_amount bigint, p_created_at timestamp with time zone DEFAULT now())
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_user uuid := public.request_guest_id();
  v_party uuid := public.request_party_id();
  v_notice public.transfer_notices;
begin
  if v_user is null or not exists (select from public.users where users.id = v_user and users.party_id = v_party) then
    raise exception using errcode = 'foreign_key_violation', constraint = 'transfer_notices_user',
      message = 'transfer_notices_user: the guest is not in this party';
  end if;
  -- A replay is answered with the notice as stored: it was judged when it came.
  select * into v_notice from public.transfer_notices where transfer_notices.id = p_id and transfer_notices.user_id = v_user;
  if not found then
    -- One guest's notices take turns, so a burst of them never slips past the bound together (issue 42).
    perform pg_advisory_xact_lock(hashtextextended('transfer_notices:' || v_user::text, 0));
    if (select count(*) from (select from public.transfer_notices where transfer_notices.user_id = v_user and transfer_notices.party_id = v_party limit 20) as kept) >= 20 then
      raise sqlstate 'PT429' using message = 'Ya avisaste 20 transferencias en esta fiesta: quien organiza las ve todas. Si falta una, avísale en persona.';
    end if;
    perform public.refuse_tap_time(v_party, coalesce(p_created_at, now()));
    insert into public.transfer_notices (id, party_id, user_id, amount, created_at)
    values (p_id, v_party, v_user, p_amount, least(coalesce(p_created_at, now()), now()))
    on conflict (id) do nothing;
    select * into v_notice from public.transfer_notices where transfer_notices.id = p_id and transfer_notices.user_id = v_user;
  end if;
  if v_notice.id is null then
    raise exception using errcode = 'unique_violation', constraint = 'transfer_notices_pkey', message = 'transfer_notices_pkey: the id is taken';
  end if;
  return json_build_object('id', v_notice.id, 'amount', v_notice.amount, 'at', v_notice.created_at);
end
$function$;
REVOKE ALL ON FUNCTION public.notify_transfer(p_id uuid, p_amount bigint, p_created_at timestamp with time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.notify_transfer(p_id uuid, p_amount bigint, p_created_at timestamp with time zone) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.number_order_activation()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.order_activations (order_id, activated_seq)
  values (new.id, nextval('public.orders_activation_seq'))
  on conflict (order_id) do update set activated_seq = excluded.activated_seq;
  return null;
end
$function$;
REVOKE ALL ON FUNCTION public.number_order_activation() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.order_in_party()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  closed timestamptz;
  born timestamptz;
  gone timestamptz;
begin
  select users.party_id, parties.closed_at, parties.created_at into new.party_id, closed, born
  from public.users join public.parties on parties.id = users.party_id
  where users.id = new.user_id;
  if not found then
    -- A guest the server lacks yet: the foreign key says so (23503), and the phone sends the guest first.
    new.party_id := public.request_party_id();
    return new;
  end if;
  if exists (select from public.orders where orders.id = new.id) then
    return new;
  end if;
  if closed is not null then
    if new.created_at >= closed then
      perform public.refuse_closed_party(new.party_id, 'no orders tapped after it');
    end if;
    if new.created_at < born then
      perform public.refuse_closed_party(new.party_id, 'no orders tapped before the party began');
    end if;
    if not (now() <= closed + interval '24 hours') then
      perform public.refuse_closed_party(new.party_id, 'orders arrive within a day of it');
    end if;
  end if;
  select party_prices.left_at into gone
  from public.party_prices
  where party_prices.party_id = new.party_id and party_prices.name = new.product_name and party_prices.price = new.product_price;
  if gone is not null and not (now() <= gone + interval '24 hours') then
    raise exception using
      errcode = 'check_violation',
      constraint = 'price_gone',
      message = 'price_gone: this price left the party''s list too long ago',
      detail = format('%s at %s left the list at %s.', new.product_name, new.product_price, gone);
  end if;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION public.order_in_party() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.paid_within_orders()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
REVOKE ALL ON FUNCTION public.paid_within_orders() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.party_by_code(p_code text)
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select json_build_object(
    'code', parties.code,
    'name', parties.name,
    'party_date', parties.party_date,
    'payment_url', parties.payment_url,
    'closed_at', parties.closed_at
  )
  from public.parties
  where parties.code = p_code
$function$;
REVOKE ALL ON FUNCTION public.party_by_code(p_code text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.party_by_code(p_code text) TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.party_gets_menu()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.menu_source is null then
    insert into public.party_products (party_id, name, price, category, position)
    select new.id, products.name, products.price, products.category, products.menu_position
    from public.products where products.menu_position is not null;
  else
    insert into public.party_products (party_id, name, price, category, position)
    select new.id, source.name, source.price, source.category, source.position
    from public.party_products as source where source.party_id = new.menu_source;
  end if;
  return null;
end
$function$;
REVOKE ALL ON FUNCTION public.party_gets_menu() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.party_menu()
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select public.party_menu_of(public.request_party_id())
$function$;
REVOKE ALL ON FUNCTION public.party_menu() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.party_menu() TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.party_menu_of(p_party uuid)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with listed as (
    select coalesce(json_agg(json_build_object(
      'name', items.name, 'price', items.price, 'category', items.category, 'sold_out', items.sold_out
    ) order by items.category_position, items.position, items.name), '[]'::json) as items
    from (
      select party_products.*, min(party_products.position) over (partition by party_products.category) as category_position
      from public.party_products
      where party_products.party_id = p_party
    ) as items
  )
  select json_build_object('version', md5(listed.items::text), 'items', listed.items)
  from listed
  where exists (select from public.parties where parties.id = p_party)
$function$;
REVOKE ALL ON FUNCTION public.party_menu_of(p_party uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.party_menu_of(p_party uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.party_paid(p_party uuid, p_user uuid DEFAULT NULL::uuid)
 RETURNS TABLE(user_id uuid, paid_amount bigint, paid_at timestamp with time zone, mark_amount bigint, mark_at timestamp with time zone, provider_amount bigint, provider_at timestamp with time zone, returned_amount bigint)
 LANGUAGE sql
 STABLE
AS $function$
  select paid.user_id, sum(paid.amount) filter (where paid.kind <> 'returned')::bigint
           - coalesce(sum(paid.amount) filter (where paid.kind = 'returned' and paid.way = 'host'), 0)::bigint,
         max(paid.at) filter (where paid.kind <> 'returned'),
         sum(paid.amount) filter (where paid.kind = 'mark')::bigint, max(paid.at) filter (where paid.kind = 'mark'),
         sum(paid.amount) filter (where paid.kind = 'provider')::bigint, max(paid.at) filter (where paid.kind = 'provider'),
         sum(paid.amount) filter (where paid.kind = 'returned')::bigint
  from (
    select marks.user_id, marks.paid_amount as amount, marks.paid_at as at, 'mark' as kind, null as way
    from public.host_paid_marks as marks
    join public.users on users.id = marks.user_id
    where users.party_id = p_party and (p_user is null or marks.user_id = p_user)
    union all
    select payments.user_id, payments.amount - payments.refunded_amount, coalesce(payments.approved_at, payments.provider_updated_at), 'provider', null
    from public.provider_payments as payments
    where payments.party_id = p_party and (p_user is null or payments.user_id = p_user)
      and payments.status = 'approved' and payments.currency = 'CLP'
    union all
    select refunds.user_id, refunds.amount, refunds.done_at, 'returned', refunds.way
    from public.payment_refunds as refunds
    where refunds.party_id = p_party and (p_user is null or refunds.user_id = p_user) and refunds.state = 'done'
  ) as paid
  group by paid.user_id
  having count(*) filter (where paid.kind <> 'returned') > 0
$function$;
REVOKE ALL ON FUNCTION public.party_paid(p_party uuid, p_user uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.party_paid(p_party uuid, p_user uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.party_price_left()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' or new.name is distinct from old.name or new.price is distinct from old.price then
    update public.party_prices set left_at = now()
    where party_prices.party_id = old.party_id and party_prices.name = old.name and party_prices.price = old.price;
  end if;
  return null;
end
$function$;
REVOKE ALL ON FUNCTION public.party_price_left() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.party_price_on_record()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.party_prices (party_id, name, price) values (new.party_id, new.name, new.price)
  on conflict (party_id, name, price) do update set left_at = null;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION public.party_price_on_record() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.party_tab_lines(p_party uuid, p_user uuid DEFAULT NULL::uuid)
 RETURNS TABLE(user_id uuid, id uuid, kind text, product_name text, amount bigint, created_at timestamp with time zone, seq bigint)
 LANGUAGE sql
 STABLE
AS $function$
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
$function$;
REVOKE ALL ON FUNCTION public.party_tab_lines(p_party uuid, p_user uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.party_tab_lines(p_party uuid, p_user uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.payment_failed(p_attempt uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  update public.payment_attempts set state = 'failed', closed_at = now() where payment_attempts.id = p_attempt and payment_attempts.state = 'starting';
$function$;
REVOKE ALL ON FUNCTION public.payment_failed(p_attempt uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.payment_failed(p_attempt uuid) TO service_role;

CREATE OR REPLACE FUNCTION public.payment_opened(p_attempt uuid, p_preference text, p_expires_at timestamp with time zone)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_user uuid;
  v_replaced json;
begin
  select attempts.user_id into v_user from public.payment_attempts as attempts where attempts.id = p_attempt;
  if v_user is null then
    return json_build_object('replaced', '[]'::json);
  end if;
  perform pg_advisory_xact_lock(hashtextextended('payment_start:' || v_user::text, 0));
  update public.payment_attempts set state = 'open', preference_id = p_preference, expires_at = p_expires_at
  where payment_attempts.id = p_attempt and payment_attempts.state = 'starting';
  with replaced as (
    update public.payment_attempts set state = 'replaced', closed_at = now()
    where payment_attempts.user_id = v_user and payment_attempts.id <> p_attempt and payment_attempts.state = 'open'
    returning payment_attempts.preference_id
  )
  select coalesce(json_agg(replaced.preference_id), '[]'::json) into v_replaced from replaced where replaced.preference_id is not null;
  return json_build_object('replaced', v_replaced);
end
$function$;
REVOKE ALL ON FUNCTION public.payment_opened(p_attempt uuid, p_preference text, p_expires_at timestamp with time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.payment_opened(p_attempt uuid, p_preference text, p_expires_at timestamp with time zone) TO service_role;

CREATE OR REPLACE FUNCTION public.payment_reads_for(p_user uuid, p_code text, p_reference text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_party uuid;
  v_oldest timestamptz;
  v_attempts json;
begin
  select users.party_id into v_party from public.users join public.parties on parties.id = users.party_id
  where users.id = p_user and ((p_code is null and parties.is_default) or parties.code = p_code);
  if v_party is null then
    return json_build_object('refused', 'unknown_guest');
  end if;
  if p_reference is not null and not exists (
    select from public.payment_attempts as attempts
    where p_reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' and attempts.id = p_reference::uuid and attempts.user_id = p_user
  ) then
    return json_build_object('refused', 'not_yours');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('payment_reads:' || p_user::text, 0));
  select min(recent.at) into v_oldest from (
    select reads.at from public.payment_reads as reads
    where reads.user_id = p_user and reads.at > now() - interval '10 minutes' order by reads.at desc limit 30
  ) as recent having count(*) >= 30;
  if v_oldest is not null then
    return json_build_object('refused', 'too_many', 'retry_after', greatest(ceil(extract(epoch from v_oldest + interval '10 minutes' - now())), 1)::integer);
  end if;
  insert into public.payment_reads (user_id) values (p_user);
  select coalesce(json_agg(open.id), '[]'::json) into v_attempts from (
    select attempts.id from public.payment_attempts as attempts
    where p_reference is null and attempts.user_id = p_user and attempts.state = 'open' and attempts.expires_at > now() - interval '1 day'
    order by attempts.created_at desc limit 3
  ) as open;
  return json_build_object('attempts', case when p_reference is null then v_attempts else json_build_array(p_reference) end);
end
$function$;
REVOKE ALL ON FUNCTION public.payment_reads_for(p_user uuid, p_code text, p_reference text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.payment_reads_for(p_user uuid, p_code text, p_reference text) TO service_role;

CREATE OR REPLACE FUNCTION public.payment_record(p_payment_id text, p_reference text, p_status text, p_amount bigint, p_refunded bigint, p_currency text, p_updated_at timestamp with time zone, p_approved_at timestamp with time zone)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_attempt public.payment_attempts;
  v_row public.provider_payments;
  v_expire text;
begin
  if p_reference is null or p_reference !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return json_build_object('recorded', false, 'reason', 'unknown_reference');
  end if;
  select * into v_attempt from public.payment_attempts where payment_attempts.id = p_reference::uuid;
  if v_attempt.id is null then
    return json_build_object('recorded', false, 'reason', 'unknown_reference');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('provider_payment:' || p_payment_id, 0));
  insert into public.provider_payments as payments
    (payment_id, attempt_id, party_id, user_id, status, amount, refunded_amount, currency, approved_at, provider_updated_at)
  values (p_payment_id, v_attempt.id, v_attempt.party_id, v_attempt.user_id, p_status, p_amount, least(greatest(p_refunded, 0), p_amount),
          p_currency, p_approved_at, p_updated_at)
  on conflict (payment_id) do update set
    status = excluded.status, amount = excluded.amount, refunded_amount = excluded.refunded_amount, currency = excluded.currency,
    approved_at = coalesce(excluded.approved_at, payments.approved_at), provider_updated_at = excluded.provider_updated_at, updated_at = now()
  where payments.attempt_id = excluded.attempt_id and excluded.provider_updated_at >= payments.provider_updated_at;
  select * into v_row from public.provider_payments where provider_payments.payment_id = p_payment_id;
  if v_row.attempt_id = v_attempt.id and v_row.status = 'approved' then
    update public.payment_attempts set state = 'paid', closed_at = now()
    where payment_attempts.id = v_attempt.id and payment_attempts.state in ('starting', 'open')
    returning payment_attempts.preference_id into v_expire;
  end if;
  return json_build_object('recorded', v_row.attempt_id = v_attempt.id, 'status', v_row.status, 'amount', v_row.amount,
                           'refunded_amount', v_row.refunded_amount, 'currency', v_row.currency, 'expire', v_expire);
end
$function$;
REVOKE ALL ON FUNCTION public.payment_record(p_payment_id text, p_reference text, p_status text, p_amount bigint, p_refunded bigint, p_currency text, p_updated_at timestamp with time zone, p_approved_at timestamp with time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.payment_record(p_payment_id text, p_reference text, p_status text, p_amount bigint, p_refunded bigint, p_currency text, p_updated_at timestamp with time zone, p_approved_at timestamp with time zone) TO service_role;

CREATE OR REPLACE FUNCTION public.payment_start(p_user uuid, p_code text, p_amount bigint)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_party public.parties;
  v_name text;
  v_balance json;
  v_payable bigint;
  v_oldest timestamptz;
  v_attempt uuid;
begin
  select * into v_party from public.parties
  where (p_code is null and parties.is_default) or parties.code = p_code;
  select users.full_name into v_name from public.users where users.id = p_user and users.party_id = v_party.id;
  if v_party.id is null or v_name is null then
    return json_build_object('refused', 'unknown_guest');
  end if;
  if not coalesce((select ways.mercadopago from public.party_payment_ways as ways where ways.party_id = v_party.id), true) then
    return json_build_object('refused', 'mercadopago_off');
  end if;
  -- One guest's checkouts take turns, so two taps never both ask past what is owed, nor past the bound.
  perform pg_advisory_xact_lock(hashtextextended('payment_start:' || p_user::text, 0));
  select min(recent.created_at) into v_oldest from (
    select attempts.created_at from public.payment_attempts as attempts
    where attempts.user_id = p_user and attempts.created_at > now() - interval '10 minutes'
    order by attempts.created_at desc limit 10
  ) as recent having count(*) >= 10;
  if v_oldest is not null then
    return json_build_object('refused', 'too_many', 'retry_after', greatest(ceil(extract(epoch from v_oldest + interval '10 minutes' - now())), 1)::integer);
  end if;
  v_balance := public.guest_balance(v_party.id, p_user);
  if (v_balance ->> 'owed')::bigint <= 0 then
    return json_build_object('refused', 'nothing_owed');
  end if;
  v_payable := (v_balance ->> 'owed')::bigint - (v_balance ->> 'pending')::bigint;
  if v_payable <= 0 then
    return json_build_object('refused', 'in_flight');
  end if;
  if p_amount > v_payable then
    return json_build_object('refused', 'over_owed', 'owed', v_payable);
  end if;
  insert into public.payment_attempts (party_id, user_id, amount) values (v_party.id, p_user, p_amount) returning id into v_attempt;
  return json_build_object('attempt', v_attempt, 'full_name', v_name, 'party_name', v_party.name,
                           'party_code', case when v_party.is_default then null else v_party.code end, 'owed', v_payable);
end
$function$;
REVOKE ALL ON FUNCTION public.payment_start(p_user uuid, p_code text, p_amount bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.payment_start(p_user uuid, p_code text, p_amount bigint) TO service_role;

CREATE OR REPLACE FUNCTION public.payment_status(p_user uuid, p_code text)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select public.guest_payments(parties.id, p_user)
  from public.parties
  where ((p_code is null and parties.is_default) or parties.code = p_code)
    and exists (select from public.users where users.id = p_user and users.party_id = parties.id)
$function$;
REVOKE ALL ON FUNCTION public.payment_status(p_user uuid, p_code text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.payment_status(p_user uuid, p_code text) TO service_role;

CREATE OR REPLACE FUNCTION public.refund_plan(p_party uuid, p_user uuid, p_amount bigint)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_balance json;
  v_refundable bigint;
  v_amount bigint;
  v_batch uuid := gen_random_uuid();
  v_left bigint;
  v_payment record;
  v_part bigint;
begin
  if not exists (select from public.users where users.id = p_user and users.party_id = p_party) then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guest_money:' || p_user::text, 0));
  if exists (select from public.payment_refunds where payment_refunds.user_id = p_user and payment_refunds.state = 'asked') then
    v_amount := (select sum(asked.amount) from public.payment_refunds as asked where asked.user_id = p_user and asked.state = 'asked');
    if v_amount <> p_amount then
      return json_build_object('refused', 'refund_pending', 'amount', v_amount);
    end if;
    return (
      select json_build_object('batch', min(asked.batch::text), 'parts', json_agg(json_build_object(
        'id', asked.id, 'payment_id', asked.payment_id, 'amount', asked.amount, 'refunded_before', asked.refunded_before) order by asked.asked_at, asked.id))
      from public.payment_refunds as asked where asked.user_id = p_user and asked.state = 'asked'
    );
  end if;
  v_balance := public.guest_balance(p_party, p_user);
  v_refundable := public.guest_refundable(p_party, p_user);
  v_amount := least((v_balance ->> 'credit')::bigint, v_refundable);
  if v_amount <= 0 then
    return json_build_object('refused', 'nothing_to_refund');
  end if;
  if p_amount <> v_amount then
    return json_build_object('refused', 'credit_changed', 'amount', v_amount);
  end if;
  v_left := v_amount;
  for v_payment in
    select payments.payment_id, payments.amount - payments.refunded_amount as left_in_it, payments.refunded_amount
    from public.provider_payments as payments
    where payments.party_id = p_party and payments.user_id = p_user and payments.status = 'approved' and payments.currency = 'CLP'
      and payments.amount > payments.refunded_amount
    order by coalesce(payments.approved_at, payments.provider_updated_at) desc, payments.payment_id desc
  loop
    exit when v_left <= 0;
    v_part := least(v_left, v_payment.left_in_it);
    insert into public.payment_refunds (batch, party_id, user_id, way, payment_id, amount, state, refunded_before)
    values (v_batch, p_party, p_user, 'mercadopago', v_payment.payment_id, v_part, 'asked', v_payment.refunded_amount);
    v_left := v_left - v_part;
  end loop;
  return (
    select json_build_object('batch', v_batch, 'parts', json_agg(json_build_object(
      'id', asked.id, 'payment_id', asked.payment_id, 'amount', asked.amount, 'refunded_before', asked.refunded_before) order by asked.asked_at, asked.id))
    from public.payment_refunds as asked where asked.batch = v_batch
  );
end
$function$;
REVOKE ALL ON FUNCTION public.refund_plan(p_party uuid, p_user uuid, p_amount bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.refund_plan(p_party uuid, p_user uuid, p_amount bigint) TO service_role;

CREATE OR REPLACE FUNCTION public.refund_settle(p_refund uuid, p_outcome text, p_provider_refund text DEFAULT NULL::text)
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_part public.payment_refunds;
begin
  select * into v_part from public.payment_refunds where payment_refunds.id = p_refund for update;
  if v_part.id is null or v_part.state <> 'asked' then
    return json_build_object('state', v_part.state);
  end if;
  if p_outcome = 'refused' then
    update public.payment_refunds set state = 'refused' where payment_refunds.id = p_refund;
    return json_build_object('state', 'refused');
  end if;
  if not exists (
    select from public.provider_payments as payments
    where payments.payment_id = v_part.payment_id and payments.refunded_amount >= v_part.refunded_before + v_part.amount
  ) then
    return json_build_object('state', 'asked', 'disagreed', true);
  end if;
  update public.payment_refunds set state = 'done', done_at = now(), provider_refund_id = p_provider_refund where payment_refunds.id = p_refund;
  return json_build_object('state', 'done');
end
$function$;
REVOKE ALL ON FUNCTION public.refund_settle(p_refund uuid, p_outcome text, p_provider_refund text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.refund_settle(p_refund uuid, p_outcome text, p_provider_refund text) TO service_role;

CREATE OR REPLACE FUNCTION public.refuse_closed_party(p_party uuid, p_what text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception using
    errcode = 'check_violation',
    constraint = 'party_closed',
    message = format('party_closed: the party is over, %s', p_what),
    detail = format('Party %s closed.', p_party);
end
$function$;
REVOKE ALL ON FUNCTION public.refuse_closed_party(p_party uuid, p_what text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.refuse_orders_past_ceiling()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  guest record;
begin
  -- Every lock first, in one order, so two statements never wait on each other crosswise.
  perform pg_advisory_xact_lock(hashtextextended('orders_per_guest_ceiling:' || guests.user_id::text, 0))
  from (select distinct added.user_id from added order by added.user_id) as guests;
  for guest in
    select distinct added.user_id, parties.closed_at
    from added join public.parties on parties.id = added.party_id
    order by added.user_id
  loop
    if (select count(*) from (select from public.orders where orders.user_id = guest.user_id limit 1001) as kept) > 1000 then
      raise exception using
        errcode = 'check_violation',
        constraint = 'orders_per_guest_ceiling',
        message = 'orders_per_guest_ceiling: a guest keeps at most 1000 orders',
        detail = format('Guest %s is past the ceiling.', guest.user_id);
    end if;
    if guest.closed_at is not null and (
      select count(*) from (
        select from public.orders
        where orders.user_id = guest.user_id and orders.received_at >= guest.closed_at
        limit 51
      ) as late
    ) > 50 then
      raise exception using
        errcode = 'check_violation',
        constraint = 'orders_after_close',
        message = 'orders_after_close: a guest adds at most 50 orders after the party closed',
        detail = format('Guest %s is past the bound.', guest.user_id);
    end if;
  end loop;
  return null;
end
$function$;
REVOKE ALL ON FUNCTION public.refuse_orders_past_ceiling() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.refuse_tap_time(p_party uuid, p_tap timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if not public.tap_time_in_party(p_party, p_tap) then
    raise exception using errcode = 'check_violation', constraint = 'tap_time_outside_party',
      message = 'tap_time_outside_party: la hora de este teléfono no cuadra con la del bar',
      detail = format('Tap %s.', p_tap);
  end if;
end
$function$;
REVOKE ALL ON FUNCTION public.refuse_tap_time(p_party uuid, p_tap timestamp with time zone) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.request_guest_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when header ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then header::uuid
  end
  from (select coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-guest-id' as header) as request
$function$;
REVOKE ALL ON FUNCTION public.request_guest_id() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.request_guest_id() TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.request_party_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when request.code is null then (select parties.id from public.parties where parties.is_default)
    else (select parties.id from public.parties where parties.code = request.code)
  end
  from (select coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-party-code' as code) as request
$function$;
REVOKE ALL ON FUNCTION public.request_party_id() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.request_party_id() TO anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.rut_is_valid(p_rut text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select case when p_rut ~ '^[1-9][0-9]{0,8}-[0-9K]$' then split_part(p_rut, '-', 2) = (
    select case 11 - sums.total % 11 when 11 then '0' when 10 then 'K' else (11 - sums.total % 11)::text end
    from (
      select sum(substr(reverse(split_part(p_rut, '-', 1)), position, 1)::int * (2 + (position - 1) % 6)) as total
      from generate_series(1, char_length(split_part(p_rut, '-', 1))) as position
    ) as sums
  ) else false end
$function$;
GRANT EXECUTE ON FUNCTION public.rut_is_valid(p_rut text) TO PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.say_deployment_ways(p_mercadopago boolean)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.deployment_payment_ways (only_row, mercadopago) values (true, p_mercadopago)
  on conflict (only_row) do update set mercadopago = excluded.mercadopago, said_at = now();
$function$;
REVOKE ALL ON FUNCTION public.say_deployment_ways(p_mercadopago boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.say_deployment_ways(p_mercadopago boolean) TO service_role;

CREATE OR REPLACE FUNCTION public.tab_stays_after_close()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.active is distinct from old.active
     and exists (select 1 from public.parties where parties.id = old.party_id and parties.closed_at is not null) then
    perform public.refuse_closed_party(old.party_id, 'the tabs are final');
  end if;
  return new;
end
$function$;
REVOKE ALL ON FUNCTION public.tab_stays_after_close() FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.take_comment_allowance(p_keys text[], p_capacities integer[], p_window_seconds integer)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  span interval := make_interval(secs => p_window_seconds);
  step interval;
  taken timestamptz;
begin
  for i in 1 .. coalesce(array_length(p_keys, 1), 0) loop
    step := make_interval(secs => p_window_seconds::double precision / p_capacities[i]);
    insert into public.comment_allowances as kept (key, next_free)
    values (p_keys[i], now() + step)
    on conflict (key) do update set next_free = greatest(kept.next_free, now()) + step
    where greatest(kept.next_free, now()) + step <= now() + span
    returning kept.next_free into taken;
    if taken is null then
      return (
        select greatest(1, ceil(extract(epoch from kept.next_free + step - now() - span)))::integer
        from public.comment_allowances as kept where kept.key = p_keys[i]
      );
    end if;
  end loop;
  -- Now and then, forget allowances that are whole again.
  if random() < 0.05 then
    delete from public.comment_allowances
    where key in (select whole.key from public.comment_allowances as whole where whole.next_free < now() limit 100);
  end if;
  return 0;
end
$function$;
REVOKE ALL ON FUNCTION public.take_comment_allowance(p_keys text[], p_capacities integer[], p_window_seconds integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.take_comment_allowance(p_keys text[], p_capacities integer[], p_window_seconds integer) TO service_role;

CREATE OR REPLACE FUNCTION public.take_order_comment(p_guest uuid, p_order uuid, p_product_name text, p_product_price integer, p_address text, p_capacities integer[], p_window_seconds integer)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  held boolean;
begin
  if p_order is null then
    -- An app from before order ids were sent: the guest must hold an order of this product.
    held := exists (
      select 1 from public.orders
      where orders.user_id = p_guest and orders.product_name = p_product_name and orders.product_price = p_product_price
    );
  else
    held := exists (
      select 1 from public.orders
      where orders.id = p_order and orders.user_id = p_guest
        and orders.product_name = p_product_name and orders.product_price = p_product_price
    );
  end if;
  if not held then
    return -1;
  end if;
  return public.take_comment_allowance(
    array['guest:' || p_guest::text, 'address:' || left(p_address, 200)], p_capacities, p_window_seconds
  );
end
$function$;
REVOKE ALL ON FUNCTION public.take_order_comment(p_guest uuid, p_order uuid, p_product_name text, p_product_price integer, p_address text, p_capacities integer[], p_window_seconds integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.take_order_comment(p_guest uuid, p_order uuid, p_product_name text, p_product_price integer, p_address text, p_capacities integer[], p_window_seconds integer) TO service_role;

CREATE OR REPLACE FUNCTION public.tap_time_in_party(p_party uuid, p_tap timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((
    select isfinite(p_tap) and abs(extract(epoch from p_tap - now())) <= 63072000 and (parties.closed_at is null or p_tap >= parties.created_at)
    from public.parties where parties.id = p_party
  ), false)
$function$;
REVOKE ALL ON FUNCTION public.tap_time_in_party(p_party uuid, p_tap timestamp with time zone) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.tipped_total(p_total bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
RETURN ((p_total * 11) / 10);
GRANT EXECUTE ON FUNCTION public.tipped_total(p_total bigint) TO PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION public.unclaim_bill_line(p_id uuid, p_at timestamp with time zone DEFAULT now())
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  guest uuid := public.request_guest_id();
  party uuid := public.request_party_id();
  tap timestamptz := coalesce(p_at, now());
  held public.bill_claims;
  closed timestamptz;
begin
  if guest is null or party is null then
    raise exception using errcode = 'insufficient_privilege', constraint = 'guest_unknown', message = 'guest_unknown: the request names no guest of a party';
  end if;
  select * into held from public.bill_claims where bill_claims.id = p_id and bill_claims.user_id = guest and bill_claims.party_id = party;
  if not found then
    return json_build_object('id', p_id, 'unclaimed', true);
  end if;
  perform public.refuse_tap_time(party, tap);
  select parties.closed_at into closed from public.parties where parties.id = party;
  if not (closed is null or (tap < closed and now() <= closed + interval '24 hours')) then
    raise exception using errcode = 'check_violation', constraint = 'party_closed',
      message = 'party_closed: la fiesta ya terminó: solo el anfitrión puede quitarlo', detail = format('Party %s closed.', party);
  end if;
  perform from public.bar_bills where bar_bills.party_id = party for share;
  perform public.bill_lock_product(party, (select bar_bill_lines.product_key from public.bar_bill_lines where bar_bill_lines.id = held.line_id));
  perform public.bill_release_claim(p_id);
  return json_build_object('id', p_id, 'unclaimed', true);
end
$function$;
REVOKE ALL ON FUNCTION public.unclaim_bill_line(p_id uuid, p_at timestamp with time zone) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.unclaim_bill_line(p_id uuid, p_at timestamp with time zone) TO anon, authenticated, service_role;

-- Tables, each with its constraints, row level security, indexes, triggers, policies and grants

CREATE TABLE public.comment_allowances (
  key text NOT NULL,
  next_free timestamp with time zone NOT NULL,
  CONSTRAINT comment_allowances_pkey PRIMARY KEY (key),
  CONSTRAINT comment_allowances_key_check CHECK (char_length(key) >= 1 AND char_length(key) <= 250)
);
CREATE INDEX comment_allowances_whole ON public.comment_allowances USING btree (next_free);
ALTER TABLE public.comment_allowances ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.comment_allowances TO service_role;

CREATE TABLE public.deployment_payment_ways (
  only_row boolean DEFAULT true NOT NULL,
  mercadopago boolean NOT NULL,
  said_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT deployment_payment_ways_pkey PRIMARY KEY (only_row),
  CONSTRAINT deployment_payment_ways_only_row_check CHECK (only_row)
);
ALTER TABLE public.deployment_payment_ways ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON TABLE public.deployment_payment_ways TO service_role;

CREATE TABLE public.host_key_failures (
  address text NOT NULL,
  window_start timestamp with time zone NOT NULL,
  failures integer NOT NULL,
  CONSTRAINT host_key_failures_pkey PRIMARY KEY (address),
  CONSTRAINT host_key_failures_address_check CHECK (char_length(address) >= 1 AND char_length(address) <= 200),
  CONSTRAINT host_key_failures_failures_check CHECK (failures >= 1)
);
ALTER TABLE public.host_key_failures ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.host_key_failures TO service_role;

CREATE TABLE public.parties (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  party_date date NOT NULL,
  payment_url text,
  host_key_sha256 bytea,
  closed_at timestamp with time zone,
  is_default boolean DEFAULT false NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  menu_source uuid,
  CONSTRAINT parties_pkey PRIMARY KEY (id),
  CONSTRAINT parties_code_key UNIQUE (code),
  CONSTRAINT parties_code_check CHECK (code ~ '^[A-Za-z0-9_-]{16,64}$'::text),
  CONSTRAINT parties_host_key_sha256_check CHECK (host_key_sha256 IS NULL OR length(host_key_sha256) = 32),
  CONSTRAINT parties_name_check CHECK (char_length(name) >= 1 AND char_length(name) <= 80),
  CONSTRAINT parties_menu_source_fkey FOREIGN KEY (menu_source) REFERENCES public.parties(id)
);
ALTER TABLE public.parties ADD CONSTRAINT parties_payment_url_check CHECK (payment_url IS NULL OR char_length(payment_url) <= 2000 AND payment_url ~ '^https://[^\s"<>?#]*[^\s"<>?#/]$'::text) NOT VALID;
CREATE UNIQUE INDEX parties_one_default ON public.parties USING btree (is_default) WHERE is_default;
CREATE TRIGGER parties_get_menu AFTER INSERT ON public.parties FOR EACH ROW EXECUTE FUNCTION public.party_gets_menu();
ALTER TABLE public.parties ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON TABLE public.parties TO service_role;

CREATE TABLE public.bar_bills (
  party_id uuid NOT NULL,
  total bigint,
  saved_at timestamp with time zone DEFAULT now() NOT NULL,
  settled_by text,
  settled_amount bigint,
  settled_at timestamp with time zone,
  printed_total bigint,
  settled_first bigint,
  CONSTRAINT bar_bills_pkey PRIMARY KEY (party_id),
  CONSTRAINT bar_bills_printed_total_check CHECK (printed_total IS NULL OR printed_total >= 1 AND printed_total <= 1000000000),
  CONSTRAINT bar_bills_settled_amount_check CHECK (settled_amount >= 0),
  CONSTRAINT bar_bills_settled_by_check CHECK (settled_by = ANY (ARRAY['guests'::text, 'host'::text])),
  CONSTRAINT bar_bills_settled_first_check CHECK (settled_first >= 0),
  CONSTRAINT bar_bills_settled_whole CHECK ((settled_by IS NULL) = (settled_amount IS NULL) AND (settled_by IS NULL) = (settled_at IS NULL)),
  CONSTRAINT bar_bills_total_check CHECK (total IS NULL OR total >= 1 AND total <= 1000000000),
  CONSTRAINT bar_bills_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id)
);
ALTER TABLE public.bar_bills ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.bar_bills TO service_role;

CREATE TABLE public.party_payment_ways (
  party_id uuid NOT NULL,
  mercadopago boolean NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT party_payment_ways_pkey PRIMARY KEY (party_id),
  CONSTRAINT party_payment_ways_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id)
);
ALTER TABLE public.party_payment_ways ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.party_payment_ways TO service_role;

CREATE TABLE public.party_prices (
  party_id uuid NOT NULL,
  name text NOT NULL,
  price integer NOT NULL,
  added_at timestamp with time zone DEFAULT now() NOT NULL,
  left_at timestamp with time zone,
  name_key text GENERATED ALWAYS AS (public.name_key(name)) STORED,
  CONSTRAINT party_prices_pkey PRIMARY KEY (party_id, name, price),
  CONSTRAINT party_prices_name_check CHECK (char_length(name) >= 1 AND char_length(name) <= 120),
  CONSTRAINT party_prices_price_check CHECK (price >= 1 AND price <= 1000000),
  CONSTRAINT party_prices_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id)
);
ALTER TABLE public.party_prices ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE (left_at) ON TABLE public.party_prices TO service_role;

CREATE TABLE public.party_products (
  party_id uuid NOT NULL,
  name text NOT NULL,
  price integer NOT NULL,
  category text NOT NULL,
  sold_out boolean DEFAULT false NOT NULL,
  "position" integer NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT party_products_pkey PRIMARY KEY (party_id, name),
  CONSTRAINT party_products_category_readable CHECK (char_length(category) >= 1 AND char_length(category) <= 40 AND category !~ '[\u0001-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u2800\u3000\uFEFF\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]'::text AND category !~ '^ | $|  '::text AND regexp_count(category, '[\u0041-\u005A\u0061-\u007A\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1\u02C6-\u02D1\u02E0-\u02E4\u02EC\u02EE\u0370-\u0374\u0376-\u0377\u037A-\u037D\u037F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03F5\u03F7-\u0481\u048A-\u052F\u0531-\u0556\u0559\u0560-\u0588\u05D0-\u05EA\u05EF-\u05F2\u0620-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06E5-\u06E6\u06EE-\u06EF\u06FA-\u06FC\u06FF\u0710\u0712-\u072F\u074D-\u07A5\u07B1\u07CA-\u07EA\u07F4-\u07F5\u07FA\u0800-\u0815\u081A\u0824\u0828\u0840-\u0858\u0860-\u086A\u0870-\u0887\u0889-\u088F\u08A0-\u08C9\u0904-\u0939\u093D\u0950\u0958-\u0961\u0971-\u0980\u0985-\u098C\u098F-\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BD\u09CE\u09DC-\u09DD\u09DF-\u09E1\u09F0-\u09F1\u09FC\u0A05-\u0A0A\u0A0F-\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32-\u0A33\u0A35-\u0A36\u0A38-\u0A39\u0A59-\u0A5C\u0A5E\u0A72-\u0A74\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2-\u0AB3\u0AB5-\u0AB9\u0ABD\u0AD0\u0AE0-\u0AE1\u0AF9\u0B05-\u0B0C\u0B0F-\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32-\u0B33\u0B35-\u0B39\u0B3D\u0B5C-\u0B5D\u0B5F-\u0B61\u0B71\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99-\u0B9A\u0B9C\u0B9E-\u0B9F\u0BA3-\u0BA4\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BD0\u0C05-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3D\u0C58-\u0C5A\u0C5C-\u0C5D\u0C60-\u0C61\u0C80\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBD\u0CDC-\u0CDE\u0CE0-\u0CE1\u0CF1-\u0CF2\u0D04-\u0D0C\u0D0E-\u0D10\u0D12-\u0D3A\u0D3D\u0D4E\u0D54-\u0D56\u0D5F-\u0D61\u0D7A-\u0D7F\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6\u0E01-\u0E30\u0E32-\u0E33\u0E40-\u0E46\u0E81-\u0E82\u0E84\u0E86-\u0E8A\u0E8C-\u0EA3\u0EA5\u0EA7-\u0EB0\u0EB2-\u0EB3\u0EBD\u0EC0-\u0EC4\u0EC6\u0EDC-\u0EDF\u0F00\u0F40-\u0F47\u0F49-\u0F6C\u0F88-\u0F8C\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065-\u1066\u106E-\u1070\u1075-\u1081\u108E\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FC-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310\u1312-\u1315\u1318-\u135A\u1380-\u138F\u13A0-\u13F5\u13F8-\u13FD\u1401-\u166C\u166F-\u167F\u1681-\u169A\u16A0-\u16EA\u16F1-\u16F8\u1700-\u1711\u171F-\u1731\u1740-\u1751\u1760-\u176C\u176E-\u1770\u1780-\u17B3\u17D7\u17DC\u1820-\u1878\u1880-\u1884\u1887-\u18A8\u18AA\u18B0-\u18F5\u1900-\u191E\u1950-\u196D\u1970-\u1974\u1980-\u19AB\u19B0-\u19C9\u1A00-\u1A16\u1A20-\u1A54\u1AA7\u1B05-\u1B33\u1B45-\u1B4C\u1B83-\u1BA0\u1BAE-\u1BAF\u1BBA-\u1BE5\u1C00-\u1C23\u1C4D-\u1C4F\u1C5A-\u1C7D\u1C80-\u1C8A\u1C90-\u1CBA\u1CBD-\u1CBF\u1CE9-\u1CEC\u1CEE-\u1CF3\u1CF5-\u1CF6\u1CFA\u1D00-\u1DBF\u1E00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2071\u207F\u2090-\u209C\u2102\u2107\u210A-\u2113\u2115\u2119-\u211D\u2124\u2126\u2128\u212A-\u212D\u212F-\u2139\u213C-\u213F\u2145-\u2149\u214E\u2183-\u2184\u2C00-\u2CE4\u2CEB-\u2CEE\u2CF2-\u2CF3\u2D00-\u2D25\u2D27\u2D2D\u2D30-\u2D67\u2D6F\u2D80-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\u2E2F\u3005-\u3006\u3031-\u3035\u303B-\u303C\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312F\u3131-\u318E\u31A0-\u31BF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\uA48C\uA4D0-\uA4FD\uA500-\uA60C\uA610-\uA61F\uA62A-\uA62B\uA640-\uA66E\uA67F-\uA69D\uA6A0-\uA6E5\uA717-\uA71F\uA722-\uA788\uA78B-\uA7DC\uA7F1-\uA801\uA803-\uA805\uA807-\uA80A\uA80C-\uA822\uA840-\uA873\uA882-\uA8B3\uA8F2-\uA8F7\uA8FB\uA8FD-\uA8FE\uA90A-\uA925\uA930-\uA946\uA960-\uA97C\uA984-\uA9B2\uA9CF\uA9E0-\uA9E4\uA9E6-\uA9EF\uA9FA-\uA9FE\uAA00-\uAA28\uAA40-\uAA42\uAA44-\uAA4B\uAA60-\uAA76\uAA7A\uAA7E-\uAAAF\uAAB1\uAAB5-\uAAB6\uAAB9-\uAABD\uAAC0\uAAC2\uAADB-\uAADD\uAAE0-\uAAEA\uAAF2-\uAAF4\uAB01-\uAB06\uAB09-\uAB0E\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\uAB30-\uAB5A\uAB5C-\uAB69\uAB70-\uABE2\uAC00-\uD7A3\uD7B0-\uD7C6\uD7CB-\uD7FB\uF900-\uFA6D\uFA70-\uFAD9\uFB00-\uFB06\uFB13-\uFB17\uFB1D\uFB1F-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40-\uFB41\uFB43-\uFB44\uFB46-\uFBB1\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE70-\uFE74\uFE76-\uFEFC\uFF21-\uFF3A\uFF41-\uFF5A\uFF66-\uFFBE\uFFC2-\uFFC7\uFFCA-\uFFCF\uFFD2-\uFFD7\uFFDA-\uFFDC\U00010000-\U0001000B\U0001000D-\U00010026\U00010028-\U0001003A\U0001003C-\U0001003D\U0001003F-\U0001004D\U00010050-\U0001005D\U00010080-\U000100FA\U00010280-\U0001029C\U000102A0-\U000102D0\U00010300-\U0001031F\U0001032D-\U00010340\U00010342-\U00010349\U00010350-\U00010375\U00010380-\U0001039D\U000103A0-\U000103C3\U000103C8-\U000103CF\U00010400-\U0001049D\U000104B0-\U000104D3\U000104D8-\U000104FB\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057A\U0001057C-\U0001058A\U0001058C-\U00010592\U00010594-\U00010595\U00010597-\U000105A1\U000105A3-\U000105B1\U000105B3-\U000105B9\U000105BB-\U000105BC\U000105C0-\U000105F3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107B0\U000107B2-\U000107BA\U00010800-\U00010805\U00010808\U0001080A-\U00010835\U00010837-\U00010838\U0001083C\U0001083F-\U00010855\U00010860-\U00010876\U00010880-\U0001089E\U000108E0-\U000108F2\U000108F4-\U000108F5\U00010900-\U00010915\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109B7\U000109BE-\U000109BF\U00010A00\U00010A10-\U00010A13\U00010A15-\U00010A17\U00010A19-\U00010A35\U00010A60-\U00010A7C\U00010A80-\U00010A9C\U00010AC0-\U00010AC7\U00010AC9-\U00010AE4\U00010B00-\U00010B35\U00010B40-\U00010B55\U00010B60-\U00010B72\U00010B80-\U00010B91\U00010C00-\U00010C48\U00010C80-\U00010CB2\U00010CC0-\U00010CF2\U00010D00-\U00010D23\U00010D4A-\U00010D65\U00010D6F-\U00010D85\U00010E80-\U00010EA9\U00010EB0-\U00010EB1\U00010EC2-\U00010EC7\U00010F00-\U00010F1C\U00010F27\U00010F30-\U00010F45\U00010F70-\U00010F81\U00010FB0-\U00010FC4\U00010FE0-\U00010FF6\U00011003-\U00011037\U00011071-\U00011072\U00011075\U00011083-\U000110AF\U000110D0-\U000110E8\U00011103-\U00011126\U00011144\U00011147\U00011150-\U00011172\U00011176\U00011183-\U000111B2\U000111C1-\U000111C4\U000111DA\U000111DC\U00011200-\U00011211\U00011213-\U0001122B\U0001123F-\U00011240\U00011280-\U00011286\U00011288\U0001128A-\U0001128D\U0001128F-\U0001129D\U0001129F-\U000112A8\U000112B0-\U000112DE\U00011305-\U0001130C\U0001130F-\U00011310\U00011313-\U00011328\U0001132A-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133D\U00011350\U0001135D-\U00011361\U00011380-\U00011389\U0001138B\U0001138E\U00011390-\U000113B5\U000113B7\U000113D1\U000113D3\U00011400-\U00011434\U00011447-\U0001144A\U0001145F-\U00011461\U00011480-\U000114AF\U000114C4-\U000114C5\U000114C7\U00011580-\U000115AE\U000115D8-\U000115DB\U00011600-\U0001162F\U00011644\U00011680-\U000116AA\U000116B8\U00011700-\U0001171A\U00011740-\U00011746\U00011800-\U0001182B\U000118A0-\U000118DF\U000118FF-\U00011906\U00011909\U0001190C-\U00011913\U00011915-\U00011916\U00011918-\U0001192F\U0001193F\U00011941\U000119A0-\U000119A7\U000119AA-\U000119D0\U000119E1\U000119E3\U00011A00\U00011A0B-\U00011A32\U00011A3A\U00011A50\U00011A5C-\U00011A89\U00011A9D\U00011AB0-\U00011AF8\U00011BC0-\U00011BE0\U00011C00-\U00011C08\U00011C0A-\U00011C2E\U00011C40\U00011C72-\U00011C8F\U00011D00-\U00011D06\U00011D08-\U00011D09\U00011D0B-\U00011D30\U00011D46\U00011D60-\U00011D65\U00011D67-\U00011D68\U00011D6A-\U00011D89\U00011D98\U00011DB0-\U00011DDB\U00011EE0-\U00011EF2\U00011F02\U00011F04-\U00011F10\U00011F12-\U00011F33\U00011FB0\U00012000-\U00012399\U00012480-\U00012543\U00012F90-\U00012FF0\U00013000-\U0001342F\U00013441-\U00013446\U00013460-\U000143FA\U00014400-\U00014646\U00016100-\U0001611D\U00016800-\U00016A38\U00016A40-\U00016A5E\U00016A70-\U00016ABE\U00016AD0-\U00016AED\U00016B00-\U00016B2F\U00016B40-\U00016B43\U00016B63-\U00016B77\U00016B7D-\U00016B8F\U00016D40-\U00016D6C\U00016E40-\U00016E7F\U00016EA0-\U00016EB8\U00016EBB-\U00016ED3\U00016F00-\U00016F4A\U00016F50\U00016F93-\U00016F9F\U00016FE0-\U00016FE1\U00016FE3\U00016FF2-\U00016FF3\U00017000-\U00018CD5\U00018CFF-\U00018D1E\U00018D80-\U00018DF2\U0001AFF0-\U0001AFF3\U0001AFF5-\U0001AFFB\U0001AFFD-\U0001AFFE\U0001B000-\U0001B122\U0001B132\U0001B150-\U0001B152\U0001B155\U0001B164-\U0001B167\U0001B170-\U0001B2FB\U0001BC00-\U0001BC6A\U0001BC70-\U0001BC7C\U0001BC80-\U0001BC88\U0001BC90-\U0001BC99\U0001D400-\U0001D454\U0001D456-\U0001D49C\U0001D49E-\U0001D49F\U0001D4A2\U0001D4A5-\U0001D4A6\U0001D4A9-\U0001D4AC\U0001D4AE-\U0001D4B9\U0001D4BB\U0001D4BD-\U0001D4C3\U0001D4C5-\U0001D505\U0001D507-\U0001D50A\U0001D50D-\U0001D514\U0001D516-\U0001D51C\U0001D51E-\U0001D539\U0001D53B-\U0001D53E\U0001D540-\U0001D544\U0001D546\U0001D54A-\U0001D550\U0001D552-\U0001D6A5\U0001D6A8-\U0001D6C0\U0001D6C2-\U0001D6DA\U0001D6DC-\U0001D6FA\U0001D6FC-\U0001D714\U0001D716-\U0001D734\U0001D736-\U0001D74E\U0001D750-\U0001D76E\U0001D770-\U0001D788\U0001D78A-\U0001D7A8\U0001D7AA-\U0001D7C2\U0001D7C4-\U0001D7CB\U0001DF00-\U0001DF1E\U0001DF25-\U0001DF2A\U0001E030-\U0001E06D\U0001E100-\U0001E12C\U0001E137-\U0001E13D\U0001E14E\U0001E290-\U0001E2AD\U0001E2C0-\U0001E2EB\U0001E4D0-\U0001E4EB\U0001E5D0-\U0001E5ED\U0001E5F0\U0001E6C0-\U0001E6DE\U0001E6E0-\U0001E6E2\U0001E6E4-\U0001E6E5\U0001E6E7-\U0001E6ED\U0001E6F0-\U0001E6F4\U0001E6FE-\U0001E6FF\U0001E7E0-\U0001E7E6\U0001E7E8-\U0001E7EB\U0001E7ED-\U0001E7EE\U0001E7F0-\U0001E7FE\U0001E800-\U0001E8C4\U0001E900-\U0001E943\U0001E94B\U0001EE00-\U0001EE03\U0001EE05-\U0001EE1F\U0001EE21-\U0001EE22\U0001EE24\U0001EE27\U0001EE29-\U0001EE32\U0001EE34-\U0001EE37\U0001EE39\U0001EE3B\U0001EE42\U0001EE47\U0001EE49\U0001EE4B\U0001EE4D-\U0001EE4F\U0001EE51-\U0001EE52\U0001EE54\U0001EE57\U0001EE59\U0001EE5B\U0001EE5D\U0001EE5F\U0001EE61-\U0001EE62\U0001EE64\U0001EE67-\U0001EE6A\U0001EE6C-\U0001EE72\U0001EE74-\U0001EE77\U0001EE79-\U0001EE7C\U0001EE7E\U0001EE80-\U0001EE89\U0001EE8B-\U0001EE9B\U0001EEA1-\U0001EEA3\U0001EEA5-\U0001EEA9\U0001EEAB-\U0001EEBB\U00020000-\U0002A6DF\U0002A700-\U0002B81D\U0002B820-\U0002CEAD\U0002CEB0-\U0002EBE0\U0002EBF0-\U0002EE5D\U0002F800-\U0002FA1D\U00030000-\U0003134A\U00031350-\U00033479]'::text) >= 1),
  CONSTRAINT party_products_name_readable CHECK (char_length(name) >= 2 AND char_length(name) <= 60 AND name !~ '[\u0001-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u2800\u3000\uFEFF\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]'::text AND name !~ '^ | $|  '::text AND regexp_count(name, '[\u0041-\u005A\u0061-\u007A\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1\u02C6-\u02D1\u02E0-\u02E4\u02EC\u02EE\u0370-\u0374\u0376-\u0377\u037A-\u037D\u037F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03F5\u03F7-\u0481\u048A-\u052F\u0531-\u0556\u0559\u0560-\u0588\u05D0-\u05EA\u05EF-\u05F2\u0620-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06E5-\u06E6\u06EE-\u06EF\u06FA-\u06FC\u06FF\u0710\u0712-\u072F\u074D-\u07A5\u07B1\u07CA-\u07EA\u07F4-\u07F5\u07FA\u0800-\u0815\u081A\u0824\u0828\u0840-\u0858\u0860-\u086A\u0870-\u0887\u0889-\u088F\u08A0-\u08C9\u0904-\u0939\u093D\u0950\u0958-\u0961\u0971-\u0980\u0985-\u098C\u098F-\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BD\u09CE\u09DC-\u09DD\u09DF-\u09E1\u09F0-\u09F1\u09FC\u0A05-\u0A0A\u0A0F-\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32-\u0A33\u0A35-\u0A36\u0A38-\u0A39\u0A59-\u0A5C\u0A5E\u0A72-\u0A74\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2-\u0AB3\u0AB5-\u0AB9\u0ABD\u0AD0\u0AE0-\u0AE1\u0AF9\u0B05-\u0B0C\u0B0F-\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32-\u0B33\u0B35-\u0B39\u0B3D\u0B5C-\u0B5D\u0B5F-\u0B61\u0B71\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99-\u0B9A\u0B9C\u0B9E-\u0B9F\u0BA3-\u0BA4\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BD0\u0C05-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3D\u0C58-\u0C5A\u0C5C-\u0C5D\u0C60-\u0C61\u0C80\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBD\u0CDC-\u0CDE\u0CE0-\u0CE1\u0CF1-\u0CF2\u0D04-\u0D0C\u0D0E-\u0D10\u0D12-\u0D3A\u0D3D\u0D4E\u0D54-\u0D56\u0D5F-\u0D61\u0D7A-\u0D7F\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6\u0E01-\u0E30\u0E32-\u0E33\u0E40-\u0E46\u0E81-\u0E82\u0E84\u0E86-\u0E8A\u0E8C-\u0EA3\u0EA5\u0EA7-\u0EB0\u0EB2-\u0EB3\u0EBD\u0EC0-\u0EC4\u0EC6\u0EDC-\u0EDF\u0F00\u0F40-\u0F47\u0F49-\u0F6C\u0F88-\u0F8C\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065-\u1066\u106E-\u1070\u1075-\u1081\u108E\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FC-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310\u1312-\u1315\u1318-\u135A\u1380-\u138F\u13A0-\u13F5\u13F8-\u13FD\u1401-\u166C\u166F-\u167F\u1681-\u169A\u16A0-\u16EA\u16F1-\u16F8\u1700-\u1711\u171F-\u1731\u1740-\u1751\u1760-\u176C\u176E-\u1770\u1780-\u17B3\u17D7\u17DC\u1820-\u1878\u1880-\u1884\u1887-\u18A8\u18AA\u18B0-\u18F5\u1900-\u191E\u1950-\u196D\u1970-\u1974\u1980-\u19AB\u19B0-\u19C9\u1A00-\u1A16\u1A20-\u1A54\u1AA7\u1B05-\u1B33\u1B45-\u1B4C\u1B83-\u1BA0\u1BAE-\u1BAF\u1BBA-\u1BE5\u1C00-\u1C23\u1C4D-\u1C4F\u1C5A-\u1C7D\u1C80-\u1C8A\u1C90-\u1CBA\u1CBD-\u1CBF\u1CE9-\u1CEC\u1CEE-\u1CF3\u1CF5-\u1CF6\u1CFA\u1D00-\u1DBF\u1E00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2071\u207F\u2090-\u209C\u2102\u2107\u210A-\u2113\u2115\u2119-\u211D\u2124\u2126\u2128\u212A-\u212D\u212F-\u2139\u213C-\u213F\u2145-\u2149\u214E\u2183-\u2184\u2C00-\u2CE4\u2CEB-\u2CEE\u2CF2-\u2CF3\u2D00-\u2D25\u2D27\u2D2D\u2D30-\u2D67\u2D6F\u2D80-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\u2E2F\u3005-\u3006\u3031-\u3035\u303B-\u303C\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312F\u3131-\u318E\u31A0-\u31BF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\uA48C\uA4D0-\uA4FD\uA500-\uA60C\uA610-\uA61F\uA62A-\uA62B\uA640-\uA66E\uA67F-\uA69D\uA6A0-\uA6E5\uA717-\uA71F\uA722-\uA788\uA78B-\uA7DC\uA7F1-\uA801\uA803-\uA805\uA807-\uA80A\uA80C-\uA822\uA840-\uA873\uA882-\uA8B3\uA8F2-\uA8F7\uA8FB\uA8FD-\uA8FE\uA90A-\uA925\uA930-\uA946\uA960-\uA97C\uA984-\uA9B2\uA9CF\uA9E0-\uA9E4\uA9E6-\uA9EF\uA9FA-\uA9FE\uAA00-\uAA28\uAA40-\uAA42\uAA44-\uAA4B\uAA60-\uAA76\uAA7A\uAA7E-\uAAAF\uAAB1\uAAB5-\uAAB6\uAAB9-\uAABD\uAAC0\uAAC2\uAADB-\uAADD\uAAE0-\uAAEA\uAAF2-\uAAF4\uAB01-\uAB06\uAB09-\uAB0E\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\uAB30-\uAB5A\uAB5C-\uAB69\uAB70-\uABE2\uAC00-\uD7A3\uD7B0-\uD7C6\uD7CB-\uD7FB\uF900-\uFA6D\uFA70-\uFAD9\uFB00-\uFB06\uFB13-\uFB17\uFB1D\uFB1F-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40-\uFB41\uFB43-\uFB44\uFB46-\uFBB1\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE70-\uFE74\uFE76-\uFEFC\uFF21-\uFF3A\uFF41-\uFF5A\uFF66-\uFFBE\uFFC2-\uFFC7\uFFCA-\uFFCF\uFFD2-\uFFD7\uFFDA-\uFFDC\U00010000-\U0001000B\U0001000D-\U00010026\U00010028-\U0001003A\U0001003C-\U0001003D\U0001003F-\U0001004D\U00010050-\U0001005D\U00010080-\U000100FA\U00010280-\U0001029C\U000102A0-\U000102D0\U00010300-\U0001031F\U0001032D-\U00010340\U00010342-\U00010349\U00010350-\U00010375\U00010380-\U0001039D\U000103A0-\U000103C3\U000103C8-\U000103CF\U00010400-\U0001049D\U000104B0-\U000104D3\U000104D8-\U000104FB\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057A\U0001057C-\U0001058A\U0001058C-\U00010592\U00010594-\U00010595\U00010597-\U000105A1\U000105A3-\U000105B1\U000105B3-\U000105B9\U000105BB-\U000105BC\U000105C0-\U000105F3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107B0\U000107B2-\U000107BA\U00010800-\U00010805\U00010808\U0001080A-\U00010835\U00010837-\U00010838\U0001083C\U0001083F-\U00010855\U00010860-\U00010876\U00010880-\U0001089E\U000108E0-\U000108F2\U000108F4-\U000108F5\U00010900-\U00010915\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109B7\U000109BE-\U000109BF\U00010A00\U00010A10-\U00010A13\U00010A15-\U00010A17\U00010A19-\U00010A35\U00010A60-\U00010A7C\U00010A80-\U00010A9C\U00010AC0-\U00010AC7\U00010AC9-\U00010AE4\U00010B00-\U00010B35\U00010B40-\U00010B55\U00010B60-\U00010B72\U00010B80-\U00010B91\U00010C00-\U00010C48\U00010C80-\U00010CB2\U00010CC0-\U00010CF2\U00010D00-\U00010D23\U00010D4A-\U00010D65\U00010D6F-\U00010D85\U00010E80-\U00010EA9\U00010EB0-\U00010EB1\U00010EC2-\U00010EC7\U00010F00-\U00010F1C\U00010F27\U00010F30-\U00010F45\U00010F70-\U00010F81\U00010FB0-\U00010FC4\U00010FE0-\U00010FF6\U00011003-\U00011037\U00011071-\U00011072\U00011075\U00011083-\U000110AF\U000110D0-\U000110E8\U00011103-\U00011126\U00011144\U00011147\U00011150-\U00011172\U00011176\U00011183-\U000111B2\U000111C1-\U000111C4\U000111DA\U000111DC\U00011200-\U00011211\U00011213-\U0001122B\U0001123F-\U00011240\U00011280-\U00011286\U00011288\U0001128A-\U0001128D\U0001128F-\U0001129D\U0001129F-\U000112A8\U000112B0-\U000112DE\U00011305-\U0001130C\U0001130F-\U00011310\U00011313-\U00011328\U0001132A-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133D\U00011350\U0001135D-\U00011361\U00011380-\U00011389\U0001138B\U0001138E\U00011390-\U000113B5\U000113B7\U000113D1\U000113D3\U00011400-\U00011434\U00011447-\U0001144A\U0001145F-\U00011461\U00011480-\U000114AF\U000114C4-\U000114C5\U000114C7\U00011580-\U000115AE\U000115D8-\U000115DB\U00011600-\U0001162F\U00011644\U00011680-\U000116AA\U000116B8\U00011700-\U0001171A\U00011740-\U00011746\U00011800-\U0001182B\U000118A0-\U000118DF\U000118FF-\U00011906\U00011909\U0001190C-\U00011913\U00011915-\U00011916\U00011918-\U0001192F\U0001193F\U00011941\U000119A0-\U000119A7\U000119AA-\U000119D0\U000119E1\U000119E3\U00011A00\U00011A0B-\U00011A32\U00011A3A\U00011A50\U00011A5C-\U00011A89\U00011A9D\U00011AB0-\U00011AF8\U00011BC0-\U00011BE0\U00011C00-\U00011C08\U00011C0A-\U00011C2E\U00011C40\U00011C72-\U00011C8F\U00011D00-\U00011D06\U00011D08-\U00011D09\U00011D0B-\U00011D30\U00011D46\U00011D60-\U00011D65\U00011D67-\U00011D68\U00011D6A-\U00011D89\U00011D98\U00011DB0-\U00011DDB\U00011EE0-\U00011EF2\U00011F02\U00011F04-\U00011F10\U00011F12-\U00011F33\U00011FB0\U00012000-\U00012399\U00012480-\U00012543\U00012F90-\U00012FF0\U00013000-\U0001342F\U00013441-\U00013446\U00013460-\U000143FA\U00014400-\U00014646\U00016100-\U0001611D\U00016800-\U00016A38\U00016A40-\U00016A5E\U00016A70-\U00016ABE\U00016AD0-\U00016AED\U00016B00-\U00016B2F\U00016B40-\U00016B43\U00016B63-\U00016B77\U00016B7D-\U00016B8F\U00016D40-\U00016D6C\U00016E40-\U00016E7F\U00016EA0-\U00016EB8\U00016EBB-\U00016ED3\U00016F00-\U00016F4A\U00016F50\U00016F93-\U00016F9F\U00016FE0-\U00016FE1\U00016FE3\U00016FF2-\U00016FF3\U00017000-\U00018CD5\U00018CFF-\U00018D1E\U00018D80-\U00018DF2\U0001AFF0-\U0001AFF3\U0001AFF5-\U0001AFFB\U0001AFFD-\U0001AFFE\U0001B000-\U0001B122\U0001B132\U0001B150-\U0001B152\U0001B155\U0001B164-\U0001B167\U0001B170-\U0001B2FB\U0001BC00-\U0001BC6A\U0001BC70-\U0001BC7C\U0001BC80-\U0001BC88\U0001BC90-\U0001BC99\U0001D400-\U0001D454\U0001D456-\U0001D49C\U0001D49E-\U0001D49F\U0001D4A2\U0001D4A5-\U0001D4A6\U0001D4A9-\U0001D4AC\U0001D4AE-\U0001D4B9\U0001D4BB\U0001D4BD-\U0001D4C3\U0001D4C5-\U0001D505\U0001D507-\U0001D50A\U0001D50D-\U0001D514\U0001D516-\U0001D51C\U0001D51E-\U0001D539\U0001D53B-\U0001D53E\U0001D540-\U0001D544\U0001D546\U0001D54A-\U0001D550\U0001D552-\U0001D6A5\U0001D6A8-\U0001D6C0\U0001D6C2-\U0001D6DA\U0001D6DC-\U0001D6FA\U0001D6FC-\U0001D714\U0001D716-\U0001D734\U0001D736-\U0001D74E\U0001D750-\U0001D76E\U0001D770-\U0001D788\U0001D78A-\U0001D7A8\U0001D7AA-\U0001D7C2\U0001D7C4-\U0001D7CB\U0001DF00-\U0001DF1E\U0001DF25-\U0001DF2A\U0001E030-\U0001E06D\U0001E100-\U0001E12C\U0001E137-\U0001E13D\U0001E14E\U0001E290-\U0001E2AD\U0001E2C0-\U0001E2EB\U0001E4D0-\U0001E4EB\U0001E5D0-\U0001E5ED\U0001E5F0\U0001E6C0-\U0001E6DE\U0001E6E0-\U0001E6E2\U0001E6E4-\U0001E6E5\U0001E6E7-\U0001E6ED\U0001E6F0-\U0001E6F4\U0001E6FE-\U0001E6FF\U0001E7E0-\U0001E7E6\U0001E7E8-\U0001E7EB\U0001E7ED-\U0001E7EE\U0001E7F0-\U0001E7FE\U0001E800-\U0001E8C4\U0001E900-\U0001E943\U0001E94B\U0001EE00-\U0001EE03\U0001EE05-\U0001EE1F\U0001EE21-\U0001EE22\U0001EE24\U0001EE27\U0001EE29-\U0001EE32\U0001EE34-\U0001EE37\U0001EE39\U0001EE3B\U0001EE42\U0001EE47\U0001EE49\U0001EE4B\U0001EE4D-\U0001EE4F\U0001EE51-\U0001EE52\U0001EE54\U0001EE57\U0001EE59\U0001EE5B\U0001EE5D\U0001EE5F\U0001EE61-\U0001EE62\U0001EE64\U0001EE67-\U0001EE6A\U0001EE6C-\U0001EE72\U0001EE74-\U0001EE77\U0001EE79-\U0001EE7C\U0001EE7E\U0001EE80-\U0001EE89\U0001EE8B-\U0001EE9B\U0001EEA1-\U0001EEA3\U0001EEA5-\U0001EEA9\U0001EEAB-\U0001EEBB\U00020000-\U0002A6DF\U0002A700-\U0002B81D\U0002B820-\U0002CEAD\U0002CEB0-\U0002EBE0\U0002EBF0-\U0002EE5D\U0002F800-\U0002FA1D\U00030000-\U0003134A\U00031350-\U00033479]'::text) >= 2),
  CONSTRAINT party_products_price_in_range CHECK (price >= 100 AND price <= 1000000),
  CONSTRAINT party_products_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id),
  CONSTRAINT party_products_price_on_record FOREIGN KEY (party_id, name, price) REFERENCES public.party_prices(party_id, name, price)
);
CREATE UNIQUE INDEX party_products_one_name ON public.party_products USING btree (party_id, public.name_key(name));
CREATE TRIGGER party_products_price_left AFTER DELETE OR UPDATE OF name, price ON public.party_products FOR EACH ROW EXECUTE FUNCTION public.party_price_left();
CREATE TRIGGER party_products_price_on_record BEFORE INSERT OR UPDATE OF name, price ON public.party_products FOR EACH ROW EXECUTE FUNCTION public.party_price_on_record();
ALTER TABLE public.party_products ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE ON TABLE public.party_products TO service_role;

CREATE TABLE public.bar_bill_lines (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  party_id uuid NOT NULL,
  "position" integer NOT NULL,
  product text NOT NULL,
  menu_name text,
  quantity integer NOT NULL,
  unit_price integer NOT NULL,
  product_key text GENERATED ALWAYS AS (public.bill_name_key(COALESCE(menu_name, product))) STORED NOT NULL,
  CONSTRAINT bar_bill_lines_pkey PRIMARY KEY (id),
  CONSTRAINT bar_bill_lines_id_party_id_key UNIQUE (id, party_id),
  CONSTRAINT bar_bill_lines_id_unit_price_key UNIQUE (id, unit_price),
  CONSTRAINT bar_bill_lines_party_id_position_key UNIQUE (party_id, "position") DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT bar_bill_lines_product_check CHECK (char_length(product) >= 1 AND char_length(product) <= 120),
  CONSTRAINT bar_bill_lines_quantity_check CHECK (quantity >= 1 AND quantity <= 1000),
  CONSTRAINT bar_bill_lines_unit_price_check CHECK (unit_price >= 1 AND unit_price <= 1000000),
  CONSTRAINT bar_bill_lines_on_list FOREIGN KEY (party_id, menu_name) REFERENCES public.party_products(party_id, name),
  CONSTRAINT bar_bill_lines_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.bar_bills(party_id)
);
CREATE INDEX bar_bill_lines_product ON public.bar_bill_lines USING btree (party_id, product_key);
CREATE TRIGGER bar_bill_lines_keep_units BEFORE UPDATE OF quantity ON public.bar_bill_lines FOR EACH ROW EXECUTE FUNCTION public.bill_line_keeps_units();
ALTER TABLE public.bar_bill_lines ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.bar_bill_lines TO service_role;

CREATE TABLE public.bill_units (
  line_id uuid NOT NULL,
  unit_no integer NOT NULL,
  shares integer NOT NULL,
  unit_price integer NOT NULL,
  CONSTRAINT bill_units_pkey PRIMARY KEY (line_id, unit_no),
  CONSTRAINT bill_units_line_id_unit_no_shares_unit_price_key UNIQUE (line_id, unit_no, shares, unit_price),
  CONSTRAINT bill_units_shares_check CHECK (shares = 1 OR shares >= 2 AND shares <= 12),
  CONSTRAINT bill_units_unit_no_check CHECK (unit_no >= 0),
  CONSTRAINT bill_units_line_id_unit_price_fkey FOREIGN KEY (line_id, unit_price) REFERENCES public.bar_bill_lines(id, unit_price)
);
CREATE TRIGGER bill_units_within_line BEFORE INSERT OR UPDATE ON public.bill_units FOR EACH ROW EXECUTE FUNCTION public.bill_unit_within_line();
ALTER TABLE public.bill_units ENABLE ROW LEVEL SECURITY;
GRANT SELECT, UPDATE (line_id, unit_no) ON TABLE public.bill_units TO service_role;

CREATE TABLE public.party_transfer_details (
  party_id uuid NOT NULL,
  holder_name text NOT NULL,
  rut text NOT NULL,
  bank text NOT NULL,
  account_type text NOT NULL,
  account_number text NOT NULL,
  email text NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT party_transfer_details_pkey PRIMARY KEY (party_id),
  CONSTRAINT party_transfer_details_account_number_check CHECK (account_number ~ '^[0-9][0-9-]{2,24}$'::text),
  CONSTRAINT party_transfer_details_account_type_check CHECK (account_type = ANY (ARRAY['Cuenta corriente'::text, 'Cuenta vista'::text, 'Cuenta RUT'::text, 'Cuenta de ahorro'::text])),
  CONSTRAINT party_transfer_details_bank_check CHECK (char_length(bank) >= 2 AND char_length(bank) <= 60 AND bank !~ '[[:cntrl:]]'::text),
  CONSTRAINT party_transfer_details_email_check CHECK (char_length(email) <= 120 AND email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text),
  CONSTRAINT party_transfer_details_holder_name_check CHECK (char_length(holder_name) >= 3 AND char_length(holder_name) <= 80 AND holder_name !~ '[[:cntrl:]]'::text),
  CONSTRAINT party_transfer_details_rut_check CHECK (public.rut_is_valid(rut)),
  CONSTRAINT party_transfer_details_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id)
);
ALTER TABLE public.party_transfer_details ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.party_transfer_details TO service_role;

CREATE TABLE public.products (
  name text NOT NULL,
  price integer NOT NULL,
  category text NOT NULL,
  added_at timestamp with time zone DEFAULT now() NOT NULL,
  menu_position integer,
  CONSTRAINT products_pkey PRIMARY KEY (name, price),
  CONSTRAINT products_name_check CHECK (char_length(name) >= 1 AND char_length(name) <= 120),
  CONSTRAINT products_price_check CHECK (price >= 1 AND price <= 1000000)
);
CREATE UNIQUE INDEX products_builtin_position ON public.products USING btree (menu_position) WHERE (menu_position IS NOT NULL);
ALTER TABLE public.products ENABLE ROW LEVEL SECURITY;

CREATE TABLE public.users (
  id uuid NOT NULL,
  full_name text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  party_id uuid NOT NULL,
  CONSTRAINT users_pkey PRIMARY KEY (id),
  CONSTRAINT users_id_party UNIQUE (id, party_id),
  CONSTRAINT users_full_name_check CHECK (char_length(full_name) >= 3 AND char_length(full_name) <= 60),
  CONSTRAINT users_full_name_readable CHECK (char_length(full_name) >= 3 AND char_length(full_name) <= 60 AND full_name !~ '[\u0001-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u2800\u3000\uFEFF\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]'::text AND full_name !~ '^ | $|  '::text AND regexp_count(full_name, '[\u0041-\u005A\u0061-\u007A\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1\u02C6-\u02D1\u02E0-\u02E4\u02EC\u02EE\u0370-\u0374\u0376-\u0377\u037A-\u037D\u037F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03F5\u03F7-\u0481\u048A-\u052F\u0531-\u0556\u0559\u0560-\u0588\u05D0-\u05EA\u05EF-\u05F2\u0620-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06E5-\u06E6\u06EE-\u06EF\u06FA-\u06FC\u06FF\u0710\u0712-\u072F\u074D-\u07A5\u07B1\u07CA-\u07EA\u07F4-\u07F5\u07FA\u0800-\u0815\u081A\u0824\u0828\u0840-\u0858\u0860-\u086A\u0870-\u0887\u0889-\u088F\u08A0-\u08C9\u0904-\u0939\u093D\u0950\u0958-\u0961\u0971-\u0980\u0985-\u098C\u098F-\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BD\u09CE\u09DC-\u09DD\u09DF-\u09E1\u09F0-\u09F1\u09FC\u0A05-\u0A0A\u0A0F-\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32-\u0A33\u0A35-\u0A36\u0A38-\u0A39\u0A59-\u0A5C\u0A5E\u0A72-\u0A74\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2-\u0AB3\u0AB5-\u0AB9\u0ABD\u0AD0\u0AE0-\u0AE1\u0AF9\u0B05-\u0B0C\u0B0F-\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32-\u0B33\u0B35-\u0B39\u0B3D\u0B5C-\u0B5D\u0B5F-\u0B61\u0B71\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99-\u0B9A\u0B9C\u0B9E-\u0B9F\u0BA3-\u0BA4\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BD0\u0C05-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3D\u0C58-\u0C5A\u0C5C-\u0C5D\u0C60-\u0C61\u0C80\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBD\u0CDC-\u0CDE\u0CE0-\u0CE1\u0CF1-\u0CF2\u0D04-\u0D0C\u0D0E-\u0D10\u0D12-\u0D3A\u0D3D\u0D4E\u0D54-\u0D56\u0D5F-\u0D61\u0D7A-\u0D7F\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6\u0E01-\u0E30\u0E32-\u0E33\u0E40-\u0E46\u0E81-\u0E82\u0E84\u0E86-\u0E8A\u0E8C-\u0EA3\u0EA5\u0EA7-\u0EB0\u0EB2-\u0EB3\u0EBD\u0EC0-\u0EC4\u0EC6\u0EDC-\u0EDF\u0F00\u0F40-\u0F47\u0F49-\u0F6C\u0F88-\u0F8C\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065-\u1066\u106E-\u1070\u1075-\u1081\u108E\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FC-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310\u1312-\u1315\u1318-\u135A\u1380-\u138F\u13A0-\u13F5\u13F8-\u13FD\u1401-\u166C\u166F-\u167F\u1681-\u169A\u16A0-\u16EA\u16F1-\u16F8\u1700-\u1711\u171F-\u1731\u1740-\u1751\u1760-\u176C\u176E-\u1770\u1780-\u17B3\u17D7\u17DC\u1820-\u1878\u1880-\u1884\u1887-\u18A8\u18AA\u18B0-\u18F5\u1900-\u191E\u1950-\u196D\u1970-\u1974\u1980-\u19AB\u19B0-\u19C9\u1A00-\u1A16\u1A20-\u1A54\u1AA7\u1B05-\u1B33\u1B45-\u1B4C\u1B83-\u1BA0\u1BAE-\u1BAF\u1BBA-\u1BE5\u1C00-\u1C23\u1C4D-\u1C4F\u1C5A-\u1C7D\u1C80-\u1C8A\u1C90-\u1CBA\u1CBD-\u1CBF\u1CE9-\u1CEC\u1CEE-\u1CF3\u1CF5-\u1CF6\u1CFA\u1D00-\u1DBF\u1E00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2071\u207F\u2090-\u209C\u2102\u2107\u210A-\u2113\u2115\u2119-\u211D\u2124\u2126\u2128\u212A-\u212D\u212F-\u2139\u213C-\u213F\u2145-\u2149\u214E\u2183-\u2184\u2C00-\u2CE4\u2CEB-\u2CEE\u2CF2-\u2CF3\u2D00-\u2D25\u2D27\u2D2D\u2D30-\u2D67\u2D6F\u2D80-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\u2E2F\u3005-\u3006\u3031-\u3035\u303B-\u303C\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312F\u3131-\u318E\u31A0-\u31BF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\uA48C\uA4D0-\uA4FD\uA500-\uA60C\uA610-\uA61F\uA62A-\uA62B\uA640-\uA66E\uA67F-\uA69D\uA6A0-\uA6E5\uA717-\uA71F\uA722-\uA788\uA78B-\uA7DC\uA7F1-\uA801\uA803-\uA805\uA807-\uA80A\uA80C-\uA822\uA840-\uA873\uA882-\uA8B3\uA8F2-\uA8F7\uA8FB\uA8FD-\uA8FE\uA90A-\uA925\uA930-\uA946\uA960-\uA97C\uA984-\uA9B2\uA9CF\uA9E0-\uA9E4\uA9E6-\uA9EF\uA9FA-\uA9FE\uAA00-\uAA28\uAA40-\uAA42\uAA44-\uAA4B\uAA60-\uAA76\uAA7A\uAA7E-\uAAAF\uAAB1\uAAB5-\uAAB6\uAAB9-\uAABD\uAAC0\uAAC2\uAADB-\uAADD\uAAE0-\uAAEA\uAAF2-\uAAF4\uAB01-\uAB06\uAB09-\uAB0E\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\uAB30-\uAB5A\uAB5C-\uAB69\uAB70-\uABE2\uAC00-\uD7A3\uD7B0-\uD7C6\uD7CB-\uD7FB\uF900-\uFA6D\uFA70-\uFAD9\uFB00-\uFB06\uFB13-\uFB17\uFB1D\uFB1F-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40-\uFB41\uFB43-\uFB44\uFB46-\uFBB1\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE70-\uFE74\uFE76-\uFEFC\uFF21-\uFF3A\uFF41-\uFF5A\uFF66-\uFFBE\uFFC2-\uFFC7\uFFCA-\uFFCF\uFFD2-\uFFD7\uFFDA-\uFFDC\U00010000-\U0001000B\U0001000D-\U00010026\U00010028-\U0001003A\U0001003C-\U0001003D\U0001003F-\U0001004D\U00010050-\U0001005D\U00010080-\U000100FA\U00010280-\U0001029C\U000102A0-\U000102D0\U00010300-\U0001031F\U0001032D-\U00010340\U00010342-\U00010349\U00010350-\U00010375\U00010380-\U0001039D\U000103A0-\U000103C3\U000103C8-\U000103CF\U00010400-\U0001049D\U000104B0-\U000104D3\U000104D8-\U000104FB\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057A\U0001057C-\U0001058A\U0001058C-\U00010592\U00010594-\U00010595\U00010597-\U000105A1\U000105A3-\U000105B1\U000105B3-\U000105B9\U000105BB-\U000105BC\U000105C0-\U000105F3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107B0\U000107B2-\U000107BA\U00010800-\U00010805\U00010808\U0001080A-\U00010835\U00010837-\U00010838\U0001083C\U0001083F-\U00010855\U00010860-\U00010876\U00010880-\U0001089E\U000108E0-\U000108F2\U000108F4-\U000108F5\U00010900-\U00010915\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109B7\U000109BE-\U000109BF\U00010A00\U00010A10-\U00010A13\U00010A15-\U00010A17\U00010A19-\U00010A35\U00010A60-\U00010A7C\U00010A80-\U00010A9C\U00010AC0-\U00010AC7\U00010AC9-\U00010AE4\U00010B00-\U00010B35\U00010B40-\U00010B55\U00010B60-\U00010B72\U00010B80-\U00010B91\U00010C00-\U00010C48\U00010C80-\U00010CB2\U00010CC0-\U00010CF2\U00010D00-\U00010D23\U00010D4A-\U00010D65\U00010D6F-\U00010D85\U00010E80-\U00010EA9\U00010EB0-\U00010EB1\U00010EC2-\U00010EC7\U00010F00-\U00010F1C\U00010F27\U00010F30-\U00010F45\U00010F70-\U00010F81\U00010FB0-\U00010FC4\U00010FE0-\U00010FF6\U00011003-\U00011037\U00011071-\U00011072\U00011075\U00011083-\U000110AF\U000110D0-\U000110E8\U00011103-\U00011126\U00011144\U00011147\U00011150-\U00011172\U00011176\U00011183-\U000111B2\U000111C1-\U000111C4\U000111DA\U000111DC\U00011200-\U00011211\U00011213-\U0001122B\U0001123F-\U00011240\U00011280-\U00011286\U00011288\U0001128A-\U0001128D\U0001128F-\U0001129D\U0001129F-\U000112A8\U000112B0-\U000112DE\U00011305-\U0001130C\U0001130F-\U00011310\U00011313-\U00011328\U0001132A-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133D\U00011350\U0001135D-\U00011361\U00011380-\U00011389\U0001138B\U0001138E\U00011390-\U000113B5\U000113B7\U000113D1\U000113D3\U00011400-\U00011434\U00011447-\U0001144A\U0001145F-\U00011461\U00011480-\U000114AF\U000114C4-\U000114C5\U000114C7\U00011580-\U000115AE\U000115D8-\U000115DB\U00011600-\U0001162F\U00011644\U00011680-\U000116AA\U000116B8\U00011700-\U0001171A\U00011740-\U00011746\U00011800-\U0001182B\U000118A0-\U000118DF\U000118FF-\U00011906\U00011909\U0001190C-\U00011913\U00011915-\U00011916\U00011918-\U0001192F\U0001193F\U00011941\U000119A0-\U000119A7\U000119AA-\U000119D0\U000119E1\U000119E3\U00011A00\U00011A0B-\U00011A32\U00011A3A\U00011A50\U00011A5C-\U00011A89\U00011A9D\U00011AB0-\U00011AF8\U00011BC0-\U00011BE0\U00011C00-\U00011C08\U00011C0A-\U00011C2E\U00011C40\U00011C72-\U00011C8F\U00011D00-\U00011D06\U00011D08-\U00011D09\U00011D0B-\U00011D30\U00011D46\U00011D60-\U00011D65\U00011D67-\U00011D68\U00011D6A-\U00011D89\U00011D98\U00011DB0-\U00011DDB\U00011EE0-\U00011EF2\U00011F02\U00011F04-\U00011F10\U00011F12-\U00011F33\U00011FB0\U00012000-\U00012399\U00012480-\U00012543\U00012F90-\U00012FF0\U00013000-\U0001342F\U00013441-\U00013446\U00013460-\U000143FA\U00014400-\U00014646\U00016100-\U0001611D\U00016800-\U00016A38\U00016A40-\U00016A5E\U00016A70-\U00016ABE\U00016AD0-\U00016AED\U00016B00-\U00016B2F\U00016B40-\U00016B43\U00016B63-\U00016B77\U00016B7D-\U00016B8F\U00016D40-\U00016D6C\U00016E40-\U00016E7F\U00016EA0-\U00016EB8\U00016EBB-\U00016ED3\U00016F00-\U00016F4A\U00016F50\U00016F93-\U00016F9F\U00016FE0-\U00016FE1\U00016FE3\U00016FF2-\U00016FF3\U00017000-\U00018CD5\U00018CFF-\U00018D1E\U00018D80-\U00018DF2\U0001AFF0-\U0001AFF3\U0001AFF5-\U0001AFFB\U0001AFFD-\U0001AFFE\U0001B000-\U0001B122\U0001B132\U0001B150-\U0001B152\U0001B155\U0001B164-\U0001B167\U0001B170-\U0001B2FB\U0001BC00-\U0001BC6A\U0001BC70-\U0001BC7C\U0001BC80-\U0001BC88\U0001BC90-\U0001BC99\U0001D400-\U0001D454\U0001D456-\U0001D49C\U0001D49E-\U0001D49F\U0001D4A2\U0001D4A5-\U0001D4A6\U0001D4A9-\U0001D4AC\U0001D4AE-\U0001D4B9\U0001D4BB\U0001D4BD-\U0001D4C3\U0001D4C5-\U0001D505\U0001D507-\U0001D50A\U0001D50D-\U0001D514\U0001D516-\U0001D51C\U0001D51E-\U0001D539\U0001D53B-\U0001D53E\U0001D540-\U0001D544\U0001D546\U0001D54A-\U0001D550\U0001D552-\U0001D6A5\U0001D6A8-\U0001D6C0\U0001D6C2-\U0001D6DA\U0001D6DC-\U0001D6FA\U0001D6FC-\U0001D714\U0001D716-\U0001D734\U0001D736-\U0001D74E\U0001D750-\U0001D76E\U0001D770-\U0001D788\U0001D78A-\U0001D7A8\U0001D7AA-\U0001D7C2\U0001D7C4-\U0001D7CB\U0001DF00-\U0001DF1E\U0001DF25-\U0001DF2A\U0001E030-\U0001E06D\U0001E100-\U0001E12C\U0001E137-\U0001E13D\U0001E14E\U0001E290-\U0001E2AD\U0001E2C0-\U0001E2EB\U0001E4D0-\U0001E4EB\U0001E5D0-\U0001E5ED\U0001E5F0\U0001E6C0-\U0001E6DE\U0001E6E0-\U0001E6E2\U0001E6E4-\U0001E6E5\U0001E6E7-\U0001E6ED\U0001E6F0-\U0001E6F4\U0001E6FE-\U0001E6FF\U0001E7E0-\U0001E7E6\U0001E7E8-\U0001E7EB\U0001E7ED-\U0001E7EE\U0001E7F0-\U0001E7FE\U0001E800-\U0001E8C4\U0001E900-\U0001E943\U0001E94B\U0001EE00-\U0001EE03\U0001EE05-\U0001EE1F\U0001EE21-\U0001EE22\U0001EE24\U0001EE27\U0001EE29-\U0001EE32\U0001EE34-\U0001EE37\U0001EE39\U0001EE3B\U0001EE42\U0001EE47\U0001EE49\U0001EE4B\U0001EE4D-\U0001EE4F\U0001EE51-\U0001EE52\U0001EE54\U0001EE57\U0001EE59\U0001EE5B\U0001EE5D\U0001EE5F\U0001EE61-\U0001EE62\U0001EE64\U0001EE67-\U0001EE6A\U0001EE6C-\U0001EE72\U0001EE74-\U0001EE77\U0001EE79-\U0001EE7C\U0001EE7E\U0001EE80-\U0001EE89\U0001EE8B-\U0001EE9B\U0001EEA1-\U0001EEA3\U0001EEA5-\U0001EEA9\U0001EEAB-\U0001EEBB\U00020000-\U0002A6DF\U0002A700-\U0002B81D\U0002B820-\U0002CEAD\U0002CEB0-\U0002EBE0\U0002EBF0-\U0002EE5D\U0002F800-\U0002FA1D\U00030000-\U0003134A\U00031350-\U00033479]'::text) >= 3),
  CONSTRAINT users_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id)
);
CREATE INDEX users_party ON public.users USING btree (party_id);
CREATE TRIGGER users_join_party BEFORE INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION public.guest_joins_party();
ALTER TABLE public.users ENABLE ROW LEVEL SECURITY;
CREATE POLICY "guests read themselves" ON public.users AS PERMISSIVE FOR SELECT TO anon
  USING (id = (( SELECT public.request_guest_id() AS request_guest_id)) AND party_id = (( SELECT public.request_party_id() AS request_party_id)));
CREATE POLICY "guests register themselves" ON public.users AS PERMISSIVE FOR INSERT TO anon
  WITH CHECK (id = (( SELECT public.request_guest_id() AS request_guest_id)) AND party_id = (( SELECT public.request_party_id() AS request_party_id)));
GRANT SELECT ON TABLE public.users TO service_role;
GRANT SELECT, INSERT (id, full_name) ON TABLE public.users TO anon;

CREATE TABLE public.bill_claims (
  id uuid NOT NULL,
  party_id uuid NOT NULL,
  user_id uuid NOT NULL,
  line_id uuid NOT NULL,
  unit_no integer NOT NULL,
  shares integer NOT NULL,
  share_no integer NOT NULL,
  unit_price integer NOT NULL,
  amount integer NOT NULL,
  product_name text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  received_at timestamp with time zone DEFAULT now() NOT NULL,
  activated_seq bigint DEFAULT nextval('public.orders_activation_seq'::regclass) NOT NULL,
  CONSTRAINT bill_claims_pkey PRIMARY KEY (id),
  CONSTRAINT bill_claims_one_per_share UNIQUE (line_id, unit_no, share_no),
  CONSTRAINT bill_claims_amount_is_share CHECK (amount = (unit_price / shares +
CASE
    WHEN share_no < (unit_price % shares) THEN 1
    ELSE 0
END)),
  CONSTRAINT bill_claims_check CHECK (share_no >= 0 AND share_no < shares),
  CONSTRAINT bill_claims_product_name_check CHECK (char_length(product_name) >= 1 AND char_length(product_name) <= 120),
  CONSTRAINT bill_claims_line FOREIGN KEY (line_id, party_id) REFERENCES public.bar_bill_lines(id, party_id),
  CONSTRAINT bill_claims_unit FOREIGN KEY (line_id, unit_no, shares, unit_price) REFERENCES public.bill_units(line_id, unit_no, shares, unit_price) ON UPDATE CASCADE DEFERRABLE,
  CONSTRAINT bill_claims_user_id_fkey FOREIGN KEY (user_id, party_id) REFERENCES public.users(id, party_id)
);
CREATE INDEX bill_claims_party_guest ON public.bill_claims USING btree (party_id, user_id);
ALTER TABLE public.bill_claims ENABLE ROW LEVEL SECURITY;
GRANT SELECT, UPDATE (product_name) ON TABLE public.bill_claims TO service_role;

CREATE TABLE public.bill_spread_parts (
  party_id uuid NOT NULL,
  user_id uuid NOT NULL,
  amount bigint NOT NULL,
  CONSTRAINT bill_spread_parts_pkey PRIMARY KEY (party_id, user_id),
  CONSTRAINT bill_spread_parts_amount_check CHECK (amount > 0),
  CONSTRAINT bill_spread_parts_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.bar_bills(party_id),
  CONSTRAINT bill_spread_parts_user_id_party_id_fkey FOREIGN KEY (user_id, party_id) REFERENCES public.users(id, party_id)
);
ALTER TABLE public.bill_spread_parts ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.bill_spread_parts TO service_role;

CREATE TABLE public.host_paid_marks (
  user_id uuid NOT NULL,
  paid_amount bigint NOT NULL,
  paid_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT host_paid_marks_pkey PRIMARY KEY (user_id),
  CONSTRAINT host_paid_marks_amount_in_range CHECK (paid_amount >= 0 AND paid_amount <= 1100000000),
  CONSTRAINT host_paid_marks_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id)
);
CREATE TRIGGER host_paid_marks_within_orders BEFORE INSERT OR UPDATE OF paid_amount ON public.host_paid_marks FOR EACH ROW EXECUTE FUNCTION public.paid_within_orders();
ALTER TABLE public.host_paid_marks ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.host_paid_marks TO service_role;

CREATE TABLE public.orders (
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  product_name text NOT NULL,
  product_price integer NOT NULL,
  active boolean DEFAULT true NOT NULL,
  created_at timestamp with time zone NOT NULL,
  received_at timestamp with time zone DEFAULT now() NOT NULL,
  party_id uuid NOT NULL,
  CONSTRAINT orders_pkey PRIMARY KEY (id),
  CONSTRAINT orders_product_name_check CHECK (char_length(product_name) >= 1 AND char_length(product_name) <= 120),
  CONSTRAINT orders_product_price_check CHECK (product_price >= 1 AND product_price <= 1000000),
  CONSTRAINT orders_tap_time_plausible CHECK (isfinite(created_at) AND abs(EXTRACT(epoch FROM created_at - received_at)) <= 63072000::numeric),
  CONSTRAINT orders_product_on_party_menu FOREIGN KEY (party_id, product_name, product_price) REFERENCES public.party_prices(party_id, name, price),
  CONSTRAINT orders_user_id_fkey FOREIGN KEY (user_id, party_id) REFERENCES public.users(id, party_id)
);
CREATE INDEX orders_guest_newest ON public.orders USING btree (user_id, created_at DESC);
CREATE INDEX orders_party_active ON public.orders USING btree (party_id, user_id) WHERE active;
CREATE TRIGGER orders_activation_on_insert AFTER INSERT ON public.orders FOR EACH ROW EXECUTE FUNCTION public.number_order_activation();
CREATE TRIGGER orders_activation_on_put_back AFTER UPDATE OF active ON public.orders FOR EACH ROW WHEN (new.active AND NOT old.active) EXECUTE FUNCTION public.number_order_activation();
CREATE TRIGGER orders_final_after_close BEFORE UPDATE OF active ON public.orders FOR EACH ROW EXECUTE FUNCTION public.tab_stays_after_close();
CREATE TRIGGER orders_follow_settled_bill_on_insert AFTER INSERT ON public.orders REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.bill_follows_orders();
CREATE TRIGGER orders_follow_settled_bill_on_update AFTER UPDATE ON public.orders REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.bill_follows_orders();
CREATE TRIGGER orders_in_party BEFORE INSERT ON public.orders FOR EACH ROW EXECUTE FUNCTION public.order_in_party();
CREATE TRIGGER orders_per_guest_ceiling AFTER INSERT ON public.orders REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_orders_past_ceiling();
ALTER TABLE public.orders ENABLE ROW LEVEL SECURITY;
CREATE POLICY "guests add their orders" ON public.orders AS PERMISSIVE FOR INSERT TO anon
  WITH CHECK (user_id = (( SELECT public.request_guest_id() AS request_guest_id)) AND party_id = (( SELECT public.request_party_id() AS request_party_id)));
CREATE POLICY "guests read their orders" ON public.orders AS PERMISSIVE FOR SELECT TO anon
  USING (user_id = (( SELECT public.request_guest_id() AS request_guest_id)) AND party_id = (( SELECT public.request_party_id() AS request_party_id)));
CREATE POLICY "guests reset their orders" ON public.orders AS PERMISSIVE FOR UPDATE TO anon
  USING (user_id = (( SELECT public.request_guest_id() AS request_guest_id)) AND party_id = (( SELECT public.request_party_id() AS request_party_id)))
  WITH CHECK (user_id = (( SELECT public.request_guest_id() AS request_guest_id)) AND party_id = (( SELECT public.request_party_id() AS request_party_id)));
GRANT SELECT ON TABLE public.orders TO service_role;
GRANT SELECT, INSERT (id, user_id, product_name, product_price, active, created_at), UPDATE (active) ON TABLE public.orders TO anon;

CREATE TABLE public.order_activations (
  order_id uuid NOT NULL,
  activated_seq bigint NOT NULL,
  CONSTRAINT order_activations_pkey PRIMARY KEY (order_id),
  CONSTRAINT order_activations_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE CASCADE
);
ALTER TABLE public.order_activations ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON TABLE public.order_activations TO service_role;

CREATE TABLE public.party_honours (
  party_id uuid NOT NULL,
  user_id uuid NOT NULL,
  set_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT party_honours_pkey PRIMARY KEY (party_id),
  CONSTRAINT party_honours_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id),
  CONSTRAINT party_honours_user_id_party_id_fkey FOREIGN KEY (user_id, party_id) REFERENCES public.users(id, party_id)
);
ALTER TABLE public.party_honours ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.party_honours TO service_role;

CREATE TABLE public.payment_attempts (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  party_id uuid NOT NULL,
  user_id uuid NOT NULL,
  amount bigint NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  state text DEFAULT 'starting'::text NOT NULL,
  preference_id text,
  expires_at timestamp with time zone,
  closed_at timestamp with time zone,
  CONSTRAINT payment_attempts_pkey PRIMARY KEY (id),
  CONSTRAINT payment_attempts_amount_check CHECK (amount >= 1 AND amount <= 1100000000),
  CONSTRAINT payment_attempts_preference_id_check CHECK (preference_id IS NULL OR char_length(preference_id) >= 1 AND char_length(preference_id) <= 200),
  CONSTRAINT payment_attempts_state_check CHECK (state = ANY (ARRAY['starting'::text, 'open'::text, 'replaced'::text, 'paid'::text, 'failed'::text])),
  CONSTRAINT payment_attempts_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id),
  CONSTRAINT payment_attempts_user_id_party_id_fkey FOREIGN KEY (user_id, party_id) REFERENCES public.users(id, party_id)
);
CREATE INDEX payment_attempts_guest_newest ON public.payment_attempts USING btree (user_id, created_at DESC);
CREATE INDEX payment_attempts_user ON public.payment_attempts USING btree (user_id);
ALTER TABLE public.payment_attempts ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.payment_attempts TO service_role;

CREATE TABLE public.payment_reads (
  user_id uuid NOT NULL,
  at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT payment_reads_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id)
);
CREATE INDEX payment_reads_guest ON public.payment_reads USING btree (user_id, at DESC);
ALTER TABLE public.payment_reads ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.payment_reads TO service_role;

CREATE TABLE public.provider_payments (
  payment_id text NOT NULL,
  provider text DEFAULT 'mercadopago'::text NOT NULL,
  attempt_id uuid NOT NULL,
  party_id uuid NOT NULL,
  user_id uuid NOT NULL,
  status text NOT NULL,
  amount bigint NOT NULL,
  refunded_amount bigint DEFAULT 0 NOT NULL,
  currency text NOT NULL,
  approved_at timestamp with time zone,
  provider_updated_at timestamp with time zone NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT provider_payments_pkey PRIMARY KEY (payment_id),
  CONSTRAINT provider_payments_amount_check CHECK (amount >= 0 AND amount <= 1100000000),
  CONSTRAINT provider_payments_check CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
  CONSTRAINT provider_payments_currency_check CHECK (currency ~ '^[A-Z]{3}$'::text),
  CONSTRAINT provider_payments_payment_id_check CHECK (payment_id ~ '^[0-9A-Za-z_-]{1,64}$'::text),
  CONSTRAINT provider_payments_provider_check CHECK (provider = 'mercadopago'::text),
  CONSTRAINT provider_payments_status_check CHECK (char_length(status) >= 1 AND char_length(status) <= 40),
  CONSTRAINT provider_payments_attempt_id_fkey FOREIGN KEY (attempt_id) REFERENCES public.payment_attempts(id),
  CONSTRAINT provider_payments_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id),
  CONSTRAINT provider_payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id)
);
CREATE INDEX provider_payments_party_user ON public.provider_payments USING btree (party_id, user_id);
ALTER TABLE public.provider_payments ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.provider_payments TO service_role;

CREATE TABLE public.payment_refunds (
  id uuid DEFAULT gen_random_uuid() NOT NULL,
  batch uuid NOT NULL,
  party_id uuid NOT NULL,
  user_id uuid NOT NULL,
  way text NOT NULL,
  payment_id text,
  amount bigint NOT NULL,
  state text NOT NULL,
  refunded_before bigint,
  provider_refund_id text,
  asked_at timestamp with time zone DEFAULT now() NOT NULL,
  done_at timestamp with time zone,
  CONSTRAINT payment_refunds_pkey PRIMARY KEY (id),
  CONSTRAINT payment_refunds_amount_check CHECK (amount >= 1 AND amount <= 1100000000),
  CONSTRAINT payment_refunds_done_at CHECK ((state = 'done'::text) = (done_at IS NOT NULL)),
  CONSTRAINT payment_refunds_provider_refund_id_check CHECK (provider_refund_id IS NULL OR provider_refund_id ~ '^[0-9A-Za-z_-]{1,64}$'::text),
  CONSTRAINT payment_refunds_refunded_before_check CHECK (refunded_before >= 0),
  CONSTRAINT payment_refunds_state_check CHECK (state = ANY (ARRAY['asked'::text, 'done'::text, 'refused'::text])),
  CONSTRAINT payment_refunds_way CHECK ((way = 'mercadopago'::text) = (payment_id IS NOT NULL AND refunded_before IS NOT NULL)),
  CONSTRAINT payment_refunds_way_check CHECK (way = ANY (ARRAY['mercadopago'::text, 'host'::text])),
  CONSTRAINT payment_refunds_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id),
  CONSTRAINT payment_refunds_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.provider_payments(payment_id),
  CONSTRAINT payment_refunds_user_id_party_id_fkey FOREIGN KEY (user_id, party_id) REFERENCES public.users(id, party_id)
);
CREATE INDEX payment_refunds_guest ON public.payment_refunds USING btree (party_id, user_id);
ALTER TABLE public.payment_refunds ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.payment_refunds TO service_role;

CREATE TABLE public.transfer_notices (
  id uuid NOT NULL,
  party_id uuid NOT NULL,
  user_id uuid NOT NULL,
  amount bigint NOT NULL,
  created_at timestamp with time zone NOT NULL,
  received_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT transfer_notices_pkey PRIMARY KEY (id),
  CONSTRAINT transfer_notices_amount_check CHECK (amount >= 1 AND amount <= 1100000000),
  CONSTRAINT transfer_notices_party_id_fkey FOREIGN KEY (party_id) REFERENCES public.parties(id),
  CONSTRAINT transfer_notices_user_id_party_id_fkey FOREIGN KEY (user_id, party_id) REFERENCES public.users(id, party_id)
);
CREATE INDEX transfer_notices_user ON public.transfer_notices USING btree (user_id, created_at DESC);
ALTER TABLE public.transfer_notices ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.transfer_notices TO service_role;

-- Functions on the tables

CREATE OR REPLACE FUNCTION public.bill_claim_json(p_claim public.bill_claims)
 RETURNS json
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select json_build_object(
    'id', p_claim.id, 'line_id', p_claim.line_id, 'product_name', p_claim.product_name, 'amount', p_claim.amount,
    'shares', p_claim.shares, 'share_no', p_claim.share_no, 'unit_no', p_claim.unit_no, 'created_at', p_claim.created_at
  )
$function$;
REVOKE ALL ON FUNCTION public.bill_claim_json(p_claim public.bill_claims) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.bill_claim_json(p_claim public.bill_claims) TO service_role;

CREATE OR REPLACE FUNCTION public.bill_offer_or_refusal(p_id uuid, p_guest uuid, p_line public.bar_bill_lines, p_join boolean, p_units_left bigint, p_offer boolean)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  unit record;
  shares integer;
  free_units integer;
begin
  select units.unit_no, units.shares, count(claims.id)::integer as taken into unit
  from public.bill_units as units
  join public.bill_claims as claims on claims.line_id = units.line_id and claims.unit_no = units.unit_no
  where units.line_id = p_line.id and units.shares > 1
  group by units.unit_no, units.shares
  having not bool_or(claims.user_id = p_guest) and (count(claims.id) < units.shares or units.shares < 12)
  order by count(claims.id) < units.shares desc, units.unit_no
  limit 1;
  if found and p_offer then
    shares := case when unit.taken < unit.shares then unit.shares else unit.shares + 1 end;
    return json_build_object(
      'id', p_id, 'line_id', p_line.id, 'product_name', coalesce(p_line.menu_name, p_line.product),
      'offer', json_build_object('shares', shares, 'amount', p_line.unit_price / shares + case when unit.taken < p_line.unit_price % shares then 1 else 0 end)
    );
  end if;
  free_units := p_line.quantity - (select count(*) from public.bill_units where bill_units.line_id = p_line.id);
  if p_join and free_units > 0 and p_units_left > 0 then
    raise exception using errcode = 'check_violation', constraint = 'bill_share_gone',
      message = 'bill_share_gone: esa cuenta compartida ya no está; revisa «¿Alguien pidió esto?»';
  end if;
  -- What was left went to a unit of this line someone else holds: another person took it.
  if exists (
    select from public.bill_units as units
    where units.line_id = p_line.id
      and not exists (select from public.bill_claims as mine where mine.line_id = units.line_id and mine.unit_no = units.unit_no and mine.user_id = p_guest)
  ) then
    raise exception using errcode = 'check_violation', constraint = 'bill_line_taken', message = 'bill_line_taken: Otra persona ya lo reclamó.';
  end if;
  if exists (select from public.bill_units where bill_units.line_id = p_line.id) then
    raise exception using errcode = 'check_violation', constraint = 'bill_line_yours', message = 'bill_line_yours: ya tienes lo que quedaba de esta línea';
  end if;
  -- Nobody claimed a unit of it: the guests' picks (and claims of the product's other lines) cover what was billed.
  raise exception using errcode = 'check_violation', constraint = 'bill_line_declared',
    message = 'bill_line_declared: ya está anotado en las cuentas de la fiesta';
end
$function$;
REVOKE ALL ON FUNCTION public.bill_offer_or_refusal(p_id uuid, p_guest uuid, p_line public.bar_bill_lines, p_join boolean, p_units_left bigint, p_offer boolean) FROM PUBLIC;
