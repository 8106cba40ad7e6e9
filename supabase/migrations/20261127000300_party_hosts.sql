-- The host's reads and marks, one party at a time; the owner's list of parties;
-- opening and closing a party. Only service_role (the host function) runs these:
-- the function decides which party a key may see (the deployment's HOST_KEY is
-- the owner's and sees every party; a party's own key sees that party only).

drop function public.host_party();
drop function public.host_guest(uuid);
drop function public.host_orders();
drop function public.host_mark_paid(uuid, boolean, bigint);

-- ─── A party's page: its totals and every guest with active orders ───────────
create function public.host_party(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with tabs as (
    select orders.user_id, count(*) as order_count, sum(orders.product_price)::bigint as total,
           max(orders.created_at) as last_order_at
    from public.orders
    where orders.party_id = p_party and orders.active
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

-- A party's host summary reads its active orders by party.
create index orders_party_active on public.orders (party_id, user_id) where active;

-- ─── One guest of the party: active orders, newest first, each paid or not ───
create function public.host_guest(p_party uuid, p_user_id uuid) returns json
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
        'product_name', covered.product_name,
        'product_price', covered.product_price,
        'created_at', covered.created_at,
        'paid', marks.paid_amount is not null and (covered.running * 11) / 10 <= marks.paid_amount
      ) order by covered.created_at desc, covered.id)
      from (
        select orders.*, sum(orders.product_price) over (order by activations.activated_seq, orders.id) as running
        from public.orders
        left join public.order_activations as activations on activations.order_id = orders.id
        where orders.user_id = users.id and orders.active
      ) as covered
    ), '[]'::json)
  )
  from public.users
  left join public.host_paid_marks as marks on marks.user_id = users.id
  where users.id = p_user_id and users.party_id = p_party
$$;

-- ─── Every active order of the party, for the CSV ────────────────────────────
create function public.host_orders(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object(
    'user_id', users.id,
    'full_name', users.full_name,
    'product_name', covered.product_name,
    'product_price', covered.product_price,
    'created_at', covered.created_at,
    'paid', marks.paid_amount is not null and (covered.running * 11) / 10 <= marks.paid_amount
  ) order by users.full_name, users.id, covered.created_at, covered.id), '[]'::json)
  from (
    select orders.*, sum(orders.product_price) over (partition by orders.user_id order by activations.activated_seq, orders.id) as running
    from public.orders
    left join public.order_activations as activations on activations.order_id = orders.id
    where orders.party_id = p_party and orders.active
  ) as covered
  join public.users on users.id = covered.user_id
  left join public.host_paid_marks as marks on marks.user_id = covered.user_id
$$;

-- ─── Mark a guest of the party paid, or take the mark back; null for a guest
-- the party does not have. ───────────────────────────────────────────────────
create function public.host_mark_paid(p_party uuid, p_user_id uuid, p_paid boolean, p_amount bigint default null) returns json
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

-- ─── The parties, for the owner: newest first, each with its guests and total ─
create function public.host_parties() returns json
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
    select orders.party_id, count(distinct orders.user_id) as guests, sum(orders.product_price)::bigint as total
    from public.orders
    where orders.active
    group by orders.party_id
  ) as tabs on tabs.party_id = parties.id
$$;

-- One party, as the host's pages show it.
create function public.host_party_info(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object(
    'id', parties.id, 'code', parties.code, 'name', parties.name, 'party_date', parties.party_date,
    'payment_url', parties.payment_url, 'closed_at', parties.closed_at, 'is_default', parties.is_default
  )
  from public.parties where parties.id = p_party
$$;

-- The party a host key opens (its SHA-256, hex), or null.
create function public.host_party_for_key(p_key_sha256 text) returns uuid
language sql
stable
security invoker
set search_path = ''
as $$
  select parties.id from public.parties
  where p_key_sha256 ~ '^[0-9a-f]{64}$' and parties.host_key_sha256 = decode(p_key_sha256, 'hex')
$$;

-- The party a code names, or the default party for none.
create function public.host_party_by_code(p_code text) returns uuid
language sql
stable
security invoker
set search_path = ''
as $$
  select parties.id from public.parties
  where (p_code is null and parties.is_default) or parties.code = p_code
$$;

-- ─── Open a party (its key made by the function, kept only as a digest) ──────
create function public.host_create_party(p_name text, p_date date, p_payment_url text, p_key_sha256 text) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  made uuid;
begin
  insert into public.parties (code, name, party_date, payment_url, host_key_sha256)
  values (public.new_party_code(), p_name, p_date, p_payment_url, decode(p_key_sha256, 'hex'))
  returning id into made;
  return public.host_party_info(made);
end
$$;

-- ─── Close a party: from now on no new guests, no orders tapped after it, no resets ─
create function public.host_close_party(p_party uuid) returns json
language sql
volatile
security invoker
set search_path = ''
as $$
  update public.parties set closed_at = coalesce(parties.closed_at, now()) where parties.id = p_party;
  select public.host_party_info(p_party);
$$;

revoke all on function public.host_party(uuid), public.host_guest(uuid, uuid), public.host_orders(uuid),
  public.host_mark_paid(uuid, uuid, boolean, bigint), public.host_parties(), public.host_party_info(uuid),
  public.host_party_for_key(text), public.host_party_by_code(text), public.host_create_party(text, date, text, text),
  public.host_close_party(uuid), public.new_party_code()
  from public, anon, authenticated;
grant execute on function public.host_party(uuid), public.host_guest(uuid, uuid), public.host_orders(uuid),
  public.host_mark_paid(uuid, uuid, boolean, bigint), public.host_parties(), public.host_party_info(uuid),
  public.host_party_for_key(text), public.host_party_by_code(text), public.host_create_party(text, date, text, text),
  public.host_close_party(uuid), public.new_party_code()
  to service_role;
