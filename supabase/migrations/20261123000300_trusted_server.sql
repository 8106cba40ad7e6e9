-- The server's copy the host can trust: nothing stalls it, nothing false enters it.
--
-- The CHECK expressions are generated from supabase/functions/_shared/rules.ts
-- (sqlGuestNameCheck, sqlOrderTimeCheck, MAX_ORDERS_PER_GUEST); npm test proves
-- that this database accepts exactly what those rules accept.

-- ─── Row level security that costs one evaluation per statement ──────────────
-- `(select f())` is an InitPlan: evaluated once, then compared like a constant,
-- so the planner uses an index instead of calling the function for every row
-- (Supabase's RLS performance advice). A read without the guest's header then
-- finds nothing through the index instead of scanning every guest's orders.

drop policy "guests read themselves" on public.users;
drop policy "guests register themselves" on public.users;
drop policy "guests read their orders" on public.orders;
drop policy "guests add their orders" on public.orders;
drop policy "guests reset their orders" on public.orders;

create policy "guests read themselves" on public.users
  for select to anon using (id = (select public.request_guest_id()));
create policy "guests register themselves" on public.users
  for insert to anon with check (id = (select public.request_guest_id()));

create policy "guests read their orders" on public.orders
  for select to anon using (user_id = (select public.request_guest_id()));
create policy "guests add their orders" on public.orders
  for insert to anon with check (user_id = (select public.request_guest_id()));
create policy "guests reset their orders" on public.orders
  for update to anon
  using (user_id = (select public.request_guest_id()))
  with check (user_id = (select public.request_guest_id()));

-- Every policy, the per-guest ceiling and the "newest first" list read orders by guest.
create index orders_guest_newest on public.orders (user_id, created_at desc);
drop index public.orders_guest_active_newest;

-- ─── Only what is true enters ────────────────────────────────────────────────
-- Added NOT VALID, then validated: a database that already holds rows from
-- before these rules keeps them (and says so) instead of failing the migration.

-- A guest's name is exactly what the app keeps (rules.ts: isGuestName).
alter table public.users add constraint users_full_name_clean check (
  char_length(full_name) between 3 and 60
  and full_name !~ '[\u0001-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]'
  and full_name !~ '^ | $|  '
) not valid;

-- An order names a product of the menu at a price it had (products, from menu.ts).
alter table public.orders add constraint orders_product_on_menu
  foreign key (product_name, product_price) references public.products (name, price) not valid;

-- The phone's time of the tap, within two years of the server's clock (rules.ts: ORDER_CLOCK_SKEW_DAYS).
alter table public.orders add constraint orders_tap_time_plausible check (
  isfinite(created_at) and abs(extract(epoch from created_at - received_at)) <= 63072000
) not valid;

do $$
declare
  constraint_name text;
begin
  foreach constraint_name in array array['users.users_full_name_clean', 'orders.orders_product_on_menu', 'orders.orders_tap_time_plausible'] loop
    begin
      execute format('alter table public.%I validate constraint %I', split_part(constraint_name, '.', 1), split_part(constraint_name, '.', 2));
    exception when check_violation or foreign_key_violation then
      raise warning 'Rows from before % break it; it holds for every new row.', constraint_name;
    end;
  end loop;
end
$$;

-- ─── One guest key cannot grow the tables without bound ──────────────────────
-- At most 1000 orders per guest (rules.ts: MAX_ORDERS_PER_GUEST): a party guest
-- orders tens. Checked once per statement, over the guests the statement added
-- to, through orders_guest_newest. Refused as a check violation (class 23), so
-- the app parks the extra order instead of retrying it forever.
create function public.refuse_orders_past_ceiling() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  crowded uuid;
begin
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

create trigger orders_per_guest_ceiling
  after insert on public.orders
  referencing new table as added
  for each statement execute function public.refuse_orders_past_ceiling();
