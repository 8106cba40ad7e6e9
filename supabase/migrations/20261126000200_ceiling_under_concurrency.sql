-- The per-guest ceiling holds under concurrency.
--
-- The statement trigger counted the guest's orders in its own snapshot: ten
-- parallel requests of 500 orders for one new guest each saw only their own
-- 500, and 2,500 rows were stored past the ceiling of 1000. Now each statement
-- first takes a transaction lock per guest it adds to (in one order, so two
-- statements never wait on each other crosswise), and counts after it has the
-- lock: a read committed statement run after the lock sees every order the
-- lock's previous holder committed. Writes of different guests do not wait.
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
  return null;
end
$$;
revoke all on function public.refuse_orders_past_ceiling() from public;
