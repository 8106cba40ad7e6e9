-- The ceilings read a guest's own orders, not the server's.
--
-- The statement trigger joined `added` to every order on the server: with the
-- transition table estimated at 1000 rows, Postgres merged it against a full
-- scan of orders_guest_newest, so each insert read every order of every party
-- (6,000 rows, 7 ms, at 6,000 orders; a night's guests tapping one at a time
-- paid for all the nights before). Now each guest's counts go through the
-- index on their own id, and stop one row past the bound: a check costs what
-- the guest keeps (at most 1001 rows), whatever the server holds.
create or replace function public.refuse_orders_past_ceiling() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
