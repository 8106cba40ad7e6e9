-- One SQL function for the tip (issue 29): the guests' integer rule of
-- rules.ts (tippedTotal), generated from it (sqlTippedTotalFunction) and held
-- equal to it by npm test, so no SQL function writes (total * 11) / 10 again.
-- The host's reads and marks are redefined to use it, unchanged otherwise.

create or replace function public.tipped_total(p_total bigint) returns bigint
language sql immutable strict parallel safe
return (p_total * 11) / 10;
grant execute on function public.tipped_total(bigint) to anon, authenticated, service_role;

create or replace function public.host_party(p_party uuid) returns json
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
    select users.id, users.full_name, tabs.order_count, tabs.total, public.tipped_total(tabs.total) as tipped,
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

create or replace function public.host_guest(p_party uuid, p_user_id uuid) returns json
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
        'paid', marks.paid_amount is not null and public.tipped_total(covered.running) <= marks.paid_amount
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

create or replace function public.host_orders(p_party uuid) returns json
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
    'paid', marks.paid_amount is not null and public.tipped_total(covered.running) <= marks.paid_amount
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
