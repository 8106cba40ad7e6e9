-- The host's page: every tab at once, who has paid, and the host key's limit.
--
-- Only the `host` Edge Function reaches any of this, with the service role,
-- after it has checked the host key. The anon key reaches nothing here: the
-- tables below have row level security on and no policy, anon and
-- authenticated hold no privilege on them, and the functions may be executed
-- by service_role alone. Guests' rows are only read, never changed.
--
-- The tip is the guests' integer rule (rules.ts: tippedTotal): (total * 11) / 10
-- on bigint, truncated. Every function is security invoker: it runs with the
-- caller's rights, so nothing here widens what service_role already has.

-- ─── What service_role reads ─────────────────────────────────────────────────
-- Supabase grants it everything on public tables by default; the local stack
-- does not, so say it here. Harmless where it is already granted.
grant usage on schema public to service_role;
grant select on table public.users, public.orders to service_role;

-- ─── Paid marks ──────────────────────────────────────────────────────────────
-- One per guest: the tipped total the host saw paid, and when. Orders the
-- server received after paid_at are not covered by it.
create table public.host_paid_marks (
  user_id uuid primary key references public.users (id),
  paid_amount bigint not null check (paid_amount between 0 and 10000000000),
  paid_at timestamptz not null default now()
);

-- ─── Wrong host keys, per client address ─────────────────────────────────────
-- A fixed window from the first wrong try; shared by every function instance.
create table public.host_key_failures (
  address text primary key check (char_length(address) between 1 and 200),
  window_start timestamptz not null,
  failures integer not null check (failures >= 1)
);

alter table public.host_paid_marks enable row level security;
alter table public.host_key_failures enable row level security;
revoke all on table public.host_paid_marks, public.host_key_failures from public, anon, authenticated;
grant select, insert, update, delete on table public.host_paid_marks, public.host_key_failures to service_role;

-- No index of its own: the summary reads every active order once (a sequential
-- scan and one hash aggregate: about 20 ms at 2,000 guests × 15 orders, where
-- an index-only scan measured no faster), and one guest's orders use
-- orders_guest_newest (user_id, created_at desc).

-- ─── The party: one aggregate over every active order ────────────────────────
-- Guests with active orders (a reset guest has none, so drops out, as on their
-- phone), each with their count, total, tipped total, last tap and paid mark;
-- and the party's sums. `owed` is what each guest still owes with tip, never
-- below zero.
create function public.host_party() returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with tabs as (
    select orders.user_id, count(*) as order_count, sum(orders.product_price)::bigint as total,
           max(orders.created_at) as last_order_at
    from public.orders
    where orders.active
    group by orders.user_id
  ),
  guests as (
    select users.id, users.full_name, tabs.order_count, tabs.total, (tabs.total * 11) / 10 as tipped,
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

-- ─── One guest's active orders, newest first; null for an unknown guest ──────
create function public.host_guest(p_user_id uuid) returns json
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
        'id', orders.id,
        'product_name', orders.product_name,
        'product_price', orders.product_price,
        'created_at', orders.created_at,
        'paid', marks.paid_at is not null and orders.received_at <= marks.paid_at
      ) order by orders.created_at desc, orders.id)
      from public.orders
      where orders.user_id = users.id and orders.active
    ), '[]'::json)
  )
  from public.users
  left join public.host_paid_marks as marks on marks.user_id = users.id
  where users.id = p_user_id
$$;

-- ─── Every active order, for the CSV ─────────────────────────────────────────
create function public.host_orders() returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'user_id', users.id,
    'full_name', users.full_name,
    'product_name', orders.product_name,
    'product_price', orders.product_price,
    'created_at', orders.created_at,
    'paid', marks.paid_at is not null and orders.received_at <= marks.paid_at
  ) order by users.full_name, users.id, orders.created_at, orders.id), '[]'::json)
  from public.orders
  join public.users on users.id = orders.user_id
  left join public.host_paid_marks as marks on marks.user_id = orders.user_id
  where orders.active
$$;

-- ─── Mark a guest paid (the amount the host saw; by default the tipped total
-- now), or take the mark back. Null for an unknown guest. ────────────────────
create function public.host_mark_paid(p_user_id uuid, p_paid boolean, p_amount bigint default null) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_amount bigint;
begin
  if not exists (select from public.users where users.id = p_user_id) then
    return null;
  end if;
  if not p_paid then
    delete from public.host_paid_marks where host_paid_marks.user_id = p_user_id;
    return json_build_object('id', p_user_id, 'paid_amount', null, 'paid_at', null);
  end if;
  v_amount := coalesce(p_amount, (
    select (coalesce(sum(orders.product_price), 0)::bigint * 11) / 10
    from public.orders
    where orders.user_id = p_user_id and orders.active
  ));
  insert into public.host_paid_marks (user_id, paid_amount, paid_at)
  values (p_user_id, v_amount, now())
  on conflict (user_id) do update set paid_amount = excluded.paid_amount, paid_at = excluded.paid_at;
  return json_build_object('id', p_user_id, 'paid_amount', v_amount, 'paid_at', now());
end
$$;

-- ─── The host key's limit: p_limit wrong tries per p_window_seconds per address
-- Records a wrong try (p_wrong) or only looks (a right key). Answers 0 when the
-- request may go on, else the seconds until the address may try again: past
-- the limit every try waits, the right key too, so guessing gains nothing. ──
create function public.host_key_attempt(p_address text, p_wrong boolean, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
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
$$;

revoke all on function public.host_party(), public.host_guest(uuid), public.host_orders(),
  public.host_mark_paid(uuid, boolean, bigint), public.host_key_attempt(text, boolean, integer, integer)
  from public, anon, authenticated;
grant execute on function public.host_party(), public.host_guest(uuid), public.host_orders(),
  public.host_mark_paid(uuid, boolean, bigint), public.host_key_attempt(text, boolean, integer, integer)
  to service_role;
