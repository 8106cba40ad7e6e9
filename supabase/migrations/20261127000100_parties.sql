-- Every party its own: guests and their orders belong to one party, and row
-- level security scopes every guest request to the guest's party as well as
-- the guest. Resets and paid marks follow the orders and guests they touch.
--
-- A guest's phone names its party by the party's unguessable code in the
-- x-party-code header (its link is /f/<code>); a request that names none is
-- the default party's, so an app from before parties keeps working and every
-- row from before moves into the default party here.

create table public.parties (
  id uuid primary key default gen_random_uuid(),
  -- 122 random bits, URL-safe: what the guest link and its QR code carry.
  code text not null unique check (code ~ '^[A-Za-z0-9_-]{16,64}$'),
  name text not null check (char_length(name) between 1 and 80),
  party_date date not null,
  -- The 'Ir a pagar' link; null: the build's default.
  payment_url text check (payment_url is null or (payment_url ~ '^https://[^\s"<>]+$' and char_length(payment_url) <= 2000)),
  -- SHA-256 of the party's own host key: it opens this party's page and nothing else.
  host_key_sha256 bytea check (host_key_sha256 is null or length(host_key_sha256) = 32),
  closed_at timestamptz,
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index parties_one_default on public.parties (is_default) where is_default;

alter table public.parties enable row level security;
revoke all on table public.parties from public, anon, authenticated;
grant select, insert, update on table public.parties to service_role;

create function public.new_party_code() returns text
language sql volatile
set search_path = ''
as $$ select translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_') $$;

insert into public.parties (code, name, party_date, is_default)
values (public.new_party_code(), 'Fiesta de prueba', current_date, true);

-- The party the request names: by its code in x-party-code, the default party
-- when the header is absent, null (nobody's) when it names no party.
create function public.request_party_id() returns uuid
language sql stable
security definer
set search_path = ''
as $$
  select case
    when request.code is null then (select parties.id from public.parties where parties.is_default)
    else (select parties.id from public.parties where parties.code = request.code)
  end
  from (select coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-party-code' as code) as request
$$;
revoke all on function public.request_party_id() from public;
grant execute on function public.request_party_id() to anon, authenticated, service_role;

-- ─── Guests and orders belong to one party ───────────────────────────────────
alter table public.users add column party_id uuid references public.parties (id);
update public.users set party_id = (select id from public.parties where is_default);
alter table public.users alter column party_id set not null;
create index users_party on public.users (party_id);
-- Orders name their guest's party too, so every policy reads one row.
alter table public.users add constraint users_id_party unique (id, party_id);

alter table public.orders add column party_id uuid;
update public.orders set party_id = users.party_id from public.users where users.id = orders.user_id;
alter table public.orders alter column party_id set not null;
-- The guest's key becomes (guest, party), under the same name: one relation
-- between the tables (embedding stays unambiguous), and a phone still reads
-- this constraint's 23503 as "send the guest first".
alter table public.orders drop constraint orders_user_id_fkey;
alter table public.orders add constraint orders_user_id_fkey
  foreign key (user_id, party_id) references public.users (id, party_id);

-- A refusal a phone parks and shows as not accepted (class 23), with its reason.
create function public.refuse_closed_party(p_party uuid, p_what text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'check_violation',
    constraint = 'party_closed',
    message = format('party_closed: the party is over, %s', p_what),
    detail = format('Party %s closed.', p_party);
end
$$;
revoke all on function public.refuse_closed_party(uuid, text) from public;

-- A new guest joins the party the request names, while it is open.
create function public.guest_joins_party() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.guest_joins_party() from public;
create trigger users_join_party before insert on public.users
  for each row execute function public.guest_joins_party();

-- An order is its guest's party's. After the close, an order tapped before it
-- (a phone that was offline) is still taken; one tapped after it is refused.
create function public.order_in_party() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  closed timestamptz;
begin
  select users.party_id, parties.closed_at into new.party_id, closed
  from public.users join public.parties on parties.id = users.party_id
  where users.id = new.user_id;
  if not found then
    -- A guest the server lacks yet: the foreign key says so (23503), and the phone sends the guest first.
    new.party_id := public.request_party_id();
  end if;
  if closed is not null and new.created_at >= closed then
    perform public.refuse_closed_party(new.party_id, 'no orders tapped after it');
  end if;
  return new;
end
$$;
revoke all on function public.order_in_party() from public;
create trigger orders_in_party before insert on public.orders
  for each row execute function public.order_in_party();

-- A closed party's tabs are final: no reset, no put-back.
create function public.tab_stays_after_close() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.active is distinct from old.active
     and exists (select 1 from public.parties where parties.id = old.party_id and parties.closed_at is not null) then
    perform public.refuse_closed_party(old.party_id, 'the tabs are final');
  end if;
  return new;
end
$$;
revoke all on function public.tab_stays_after_close() from public;
create trigger orders_final_after_close before update of active on public.orders
  for each row execute function public.tab_stays_after_close();

-- ─── Row level security: the guest, in the party the request names ───────────
drop policy "guests read themselves" on public.users;
drop policy "guests register themselves" on public.users;
drop policy "guests read their orders" on public.orders;
drop policy "guests add their orders" on public.orders;
drop policy "guests reset their orders" on public.orders;

create policy "guests read themselves" on public.users
  for select to anon using (id = (select public.request_guest_id()) and party_id = (select public.request_party_id()));
create policy "guests register themselves" on public.users
  for insert to anon with check (id = (select public.request_guest_id()) and party_id = (select public.request_party_id()));

create policy "guests read their orders" on public.orders
  for select to anon using (user_id = (select public.request_guest_id()) and party_id = (select public.request_party_id()));
create policy "guests add their orders" on public.orders
  for insert to anon with check (user_id = (select public.request_guest_id()) and party_id = (select public.request_party_id()));
create policy "guests reset their orders" on public.orders
  for update to anon
  using (user_id = (select public.request_guest_id()) and party_id = (select public.request_party_id()))
  with check (user_id = (select public.request_guest_id()) and party_id = (select public.request_party_id()));
