-- The guest's tab: guests and their orders, each guest seeing only their own rows.
--
-- Ids are UUIDs made on the phone, and created_at is the phone's time of the tap,
-- so a replayed write is harmless: the client upserts by id and ignores what exists.
--
-- "Own" means the row's guest id equals the x-guest-id request header, which
-- PostgREST exposes as request.headers. The id is a random UUID known only to
-- that phone: a capability, checked by Postgres itself.

create table public.users (
  id uuid primary key,
  full_name text not null check (char_length(full_name) between 3 and 60),
  created_at timestamptz not null default now()
);

create table public.orders (
  id uuid primary key,
  user_id uuid not null references public.users (id),
  product_name text not null check (char_length(product_name) between 1 and 120),
  product_price integer not null check (product_price between 1 and 1000000),
  active boolean not null default true,
  -- The phone's time of the tap.
  created_at timestamptz not null,
  -- When the server first got it; the gap is how long the order waited offline.
  received_at timestamptz not null default now()
);

-- "Active orders of one guest, newest first".
create index orders_guest_active_newest on public.orders (user_id, created_at desc) where active;

-- The guest id the request carries, or null when it is missing or not a UUID
-- (a malformed header must mean "nobody", not a 400 from a failed cast).
create function public.request_guest_id() returns uuid
language sql stable
set search_path = ''
as $$
  select case
    when header ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then header::uuid
  end
  from (select coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-guest-id' as header) as request
$$;

alter table public.users enable row level security;
alter table public.orders enable row level security;

create policy "guests read themselves" on public.users
  for select to anon using (id = public.request_guest_id());
create policy "guests register themselves" on public.users
  for insert to anon with check (id = public.request_guest_id());

create policy "guests read their orders" on public.orders
  for select to anon using (user_id = public.request_guest_id());
create policy "guests add their orders" on public.orders
  for insert to anon with check (user_id = public.request_guest_id());
create policy "guests reset their orders" on public.orders
  for update to anon
  using (user_id = public.request_guest_id())
  with check (user_id = public.request_guest_id());

-- Supabase grants everything on new public tables to anon and authenticated by
-- default; take that back and give anon exactly what the app needs. No delete.
revoke all on table public.users, public.orders from anon, authenticated;
grant usage on schema public to anon;
grant select on table public.users, public.orders to anon;
grant insert (id, full_name) on table public.users to anon;
grant insert (id, user_id, product_name, product_price, active, created_at) on table public.orders to anon;
grant update (active) on table public.orders to anon;
revoke all on function public.request_guest_id() from public;
grant execute on function public.request_guest_id() to anon, authenticated, service_role;
