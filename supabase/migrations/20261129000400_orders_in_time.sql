-- Orders a script cannot slip past the server (issue 30).
--
-- An order at a price that left its party's list is taken only within
-- OLD_PRICE_HOURS (rules.ts: 24) after it left, on the server's clock
-- (party_prices.left_at, 20261129000200_old_prices.sql).
--
-- After the close, an order is taken only if its tap time lies within the
-- party's life (not before the party was made, not after the close) and it
-- arrives within LATE_ORDER_HOURS (24) after the close: a phone that was
-- offline all night syncs the next day. Before, any tap time within two years
-- was taken, and one POST of 200 orders backdated an hour grew a closed tab
-- from $3.990 to $1.621.940. Each guest adds at most ORDERS_AFTER_CLOSE_PER_GUEST
-- (50) orders after the close, counted per statement under the per-guest lock.
--
-- An order the server already holds (a phone's retry, which PostgREST's
-- upsert ignores) is not judged again: it was taken when it came.

create or replace function public.order_in_party() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

create or replace function public.refuse_orders_past_ceiling() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  crowded uuid;
begin
  perform pg_advisory_xact_lock(hashtextextended('orders_per_guest_ceiling:' || guests.user_id::text, 0))
  from (select distinct added.user_id from added order by added.user_id) as guests;
  select orders.user_id into crowded
  from public.orders
  where orders.user_id in (select distinct added.user_id from added)
  group by orders.user_id
  having count(*) > 1000
  limit 1;
  if crowded is not null then
    raise exception using
      errcode = 'check_violation',
      constraint = 'orders_per_guest_ceiling',
      message = 'orders_per_guest_ceiling: a guest keeps at most 1000 orders',
      detail = format('Guest %s is past the ceiling.', crowded);
  end if;
  select orders.user_id into crowded
  from public.orders
  join public.parties on parties.id = orders.party_id
  where orders.user_id in (select distinct added.user_id from added)
    and parties.closed_at is not null and orders.received_at >= parties.closed_at
  group by orders.user_id
  having not (count(*) <= 50)
  limit 1;
  if crowded is not null then
    raise exception using
      errcode = 'check_violation',
      constraint = 'orders_after_close',
      message = 'orders_after_close: a guest adds at most 50 orders after the party closed',
      detail = format('Guest %s is past the bound.', crowded);
  end if;
  return null;
end
$$;
