-- Claims a person can't get wrong (issue 43): a guest joins the share that is
-- there, hears the truth, and takes a claim back.
--
-- * A claim for a split that changed meanwhile is no refusal: the server
--   answers with the share as it now is (an offer: `{ offer: { shares, amount } }`,
--   nothing stored), and the phone asks 'Ahora son 3 partes de $X. ¿Te unes?'.
--   Its 'Sí, me uno' claims again with `p_join`: it joins the open unit of that
--   split, or grows a full shared unit of one fewer by the joiner.
-- * Every refusal says its real reason in Spanish after its name
--   (`bill_line_taken: Otra persona ya lo reclamó.`), as bar-bill.ts's
--   CLAIM_REFUSALS writes them: 'Otra persona' only when another person holds
--   what was left.
-- * A guest takes their claim back (`unclaim_bill_line`), and the host too
--   (`host_unclaim_bill_line`): the unit is free again, or its other shares are
--   one fewer, each recomputed to the peso by shareAmount (bar-bill.ts), in the
--   order they were claimed. Idempotent; a guest's only within the party's life.
-- * Tap times of claims, of taking one back and of 'Ya transferí' notices are
--   bounded like orders' (rules.ts's sqlTapTimeInParty).
-- * `my_bill` sends the lines the guest can still claim (a unit left, or a share
--   open that is not already theirs), and only when they changed since the
--   version the phone holds (the `x-bill-seen` header): a large bill is read
--   once, not at every contact.

-- ─── A tap time within the party's life ──────────────────────────────────────

create function public.tap_time_in_party(p_party uuid, p_tap timestamptz) returns boolean
language sql stable set search_path = '' as $$
  select coalesce((
    select isfinite(p_tap) and abs(extract(epoch from p_tap - now())) <= 63072000 and (parties.closed_at is null or p_tap >= parties.created_at)
    from public.parties where parties.id = p_party
  ), false)
$$;
revoke all on function public.tap_time_in_party(uuid, timestamptz) from public;

create function public.refuse_tap_time(p_party uuid, p_tap timestamptz) returns void
language plpgsql stable set search_path = '' as $$
begin
  if not public.tap_time_in_party(p_party, p_tap) then
    raise exception using errcode = 'check_violation', constraint = 'tap_time_outside_party',
      message = 'tap_time_outside_party: la hora de este teléfono no cuadra con la del bar',
      detail = format('Tap %s.', p_tap);
  end if;
end
$$;
revoke all on function public.refuse_tap_time(uuid, timestamptz) from public;

-- ─── A unit's shares, split again ────────────────────────────────────────────

-- A unit's split changes while its claims keep their rows: the unit and its claims
-- move together, checked at the end of the change.
alter table public.bill_claims alter constraint bill_claims_unit deferrable initially immediate;

-- The unit now split `p_shares` ways: its claims, in the order they were claimed,
-- numbered from 0 again, each at its share by shareAmount. Callers lock the
-- product's lines first.
create function public.bill_unit_resplit(p_line uuid, p_unit integer, p_shares integer) returns void
language plpgsql set search_path = '' as $$
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
$$;
revoke all on function public.bill_unit_resplit(uuid, integer, integer) from public;

-- A claim taken back: its unit is free again when it was the last one on it,
-- else shared one fewer way (the others pay more, to the peso). Callers lock the
-- product's lines first.
create function public.bill_release_claim(p_claim uuid) returns void
language plpgsql set search_path = '' as $$
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
$$;
revoke all on function public.bill_release_claim(uuid) from public;

-- The product's lines of the party's bill, locked in one order: claims of one
-- product, and taking them back, take turns.
create function public.bill_lock_product(p_party uuid, p_key text) returns void
language plpgsql set search_path = '' as $$
begin
  -- Every row (a SQL function's last select would stop at the first).
  perform from public.bar_bill_lines
  where bar_bill_lines.party_id = p_party and bar_bill_lines.product_key = p_key
  order by bar_bill_lines.id for update;
end
$$;
revoke all on function public.bill_lock_product(uuid, text) from public;

-- ─── A claim: what is asked, the share as it now is, or the true reason ──────

-- When nothing can be taken as asked: the share of the line the guest could join
-- (an open unit first, else a full shared one that would grow by them), offered
-- when `p_offer` (the phone did not show it); else the refusal that says why.
-- Nothing is stored.
create function public.bill_offer_or_refusal(p_id uuid, p_guest uuid, p_line public.bar_bill_lines, p_join boolean, p_units_left bigint, p_offer boolean)
returns json
language plpgsql stable set search_path = '' as $$
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
$$;
revoke all on function public.bill_offer_or_refusal(uuid, uuid, public.bar_bill_lines, boolean, bigint, boolean) from public;

drop function public.claim_bill_line(uuid, uuid, integer, timestamptz);

-- 'Es mío' (1) or 'Lo compartimos' (2 to 12): a new unit, or a share of an open
-- unit of that split; `p_join` ('Unirme', 'Sí, me uno'): only a share of what is
-- there, growing a full unit of one fewer by the joiner. `p_saw_share`: the phone
-- showed a share of the line open and the guest chose another way; when nothing
-- is left that way, another person took it (no offer). The id is the phone's: a
-- replay answers the claim as stored.
create function public.claim_bill_line(
  p_id uuid, p_line uuid, p_shares integer default 1, p_created_at timestamptz default now(), p_join boolean default false, p_saw_share boolean default false
)
returns json
language plpgsql security definer set search_path = '' as $$
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
$$;
revoke all on function public.claim_bill_line(uuid, uuid, integer, timestamptz, boolean, boolean) from public;
grant execute on function public.claim_bill_line(uuid, uuid, integer, timestamptz, boolean, boolean) to anon, authenticated, service_role;

-- The database's last guard, in the guests' words.
create or replace function public.bill_unit_within_line() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select from public.bar_bill_lines where bar_bill_lines.id = new.line_id and new.unit_no < bar_bill_lines.quantity) then
    raise exception using errcode = 'check_violation', constraint = 'bill_line_taken', message = 'bill_line_taken: Otra persona ya lo reclamó.';
  end if;
  return new;
end
$$;

-- ─── Taking a claim back ─────────────────────────────────────────────────────

-- 'Quitar' on a claim: the guest's, while the party is on (after the close, only
-- what they tapped before it, arriving within a day of it, as a late order).
-- Idempotent: a claim this guest does not hold (taken back already, never
-- stored, another's) answers the same, and nothing changes.
create function public.unclaim_bill_line(p_id uuid, p_at timestamptz default now()) returns json
language plpgsql security definer set search_path = '' as $$
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
$$;
revoke all on function public.unclaim_bill_line(uuid, timestamptz) from public;
grant execute on function public.unclaim_bill_line(uuid, timestamptz) to anon, authenticated, service_role;

-- The host's 'Quitar' on a claim in a guest's detail, at any time: the guest's
-- detail after it (null: no such guest in the party). Idempotent like the guest's.
create function public.host_unclaim_bill_line(p_party uuid, p_user_id uuid, p_claim uuid) returns json
language plpgsql security definer set search_path = '' as $$
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
$$;
revoke all on function public.host_unclaim_bill_line(uuid, uuid, uuid) from public;
grant execute on function public.host_unclaim_bill_line(uuid, uuid, uuid) to service_role;

-- ─── 'Ya transferí': its tap time within the party's life ────────────────────

create or replace function public.notify_transfer(p_id uuid, p_amount bigint, p_created_at timestamptz default now()) returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;

-- ─── What the guest's phone hears of the bill ────────────────────────────────

-- The guest's lines (a claim with its bill line and split, so the phone keeps
-- it as its own), and, until what was left is settled, the lines the guest can
-- still claim: a unit left, or a share open that is not already theirs. Those
-- are answered as `unclaimed` only when they differ from the version the phone
-- says it holds (`x-bill-seen`); `unclaimed_version` names them either way, and
-- an empty list is always sent.
create or replace function public.my_bill() returns json
language sql stable security definer set search_path = '' as $$
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
$$;
