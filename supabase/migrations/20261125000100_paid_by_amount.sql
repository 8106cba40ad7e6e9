-- Paid means covered by the amount the host saw, whatever order the changes came in.
--
-- A paid mark is an amount (the tipped total the host saw paid). It covers a
-- guest's active orders in the order they became active, as far as it goes:
-- an order is paid while the tipped sum of it and every order active before it
-- is within the amount. An order taken off the tab and put back becomes active
-- again, after everything already there: put back after the host's mark, it is
-- owed; a removal frees the money it held for the orders after it. So the
-- rows agree with the totals: "Debe $X más" (tipped total above the amount)
-- exactly when some row is unpaid.
--
-- Before this, an order was paid when the server received it before the mark
-- (received_at <= paid_at): an order taken off before the mark and put back
-- after it kept its old received_at, and showed paid in the list and the CSV
-- while the totals said it was owed.

-- ─── When each order last became active ────────────────────────────────────
-- Kept beside the orders, not in them: the guests' role reads its own orders
-- (every column), and the party's running count is none of its business. Only
-- the triggers below write here; only the host's functions read it.
create sequence public.orders_activation_seq as bigint;

create table public.order_activations (
  order_id uuid primary key references public.orders (id) on delete cascade,
  activated_seq bigint not null
);

alter table public.order_activations enable row level security;
revoke all on table public.order_activations from public, anon, authenticated;
revoke all on sequence public.orders_activation_seq from public, anon, authenticated;
grant select on table public.order_activations to service_role;

-- Orders from before this migration: active in the order the server received them.
insert into public.order_activations (order_id, activated_seq)
select orders.id, row_number() over (order by orders.received_at, orders.created_at, orders.id)
from public.orders;
select setval('public.orders_activation_seq', coalesce((select max(activated_seq) from public.order_activations), 0) + 1, false);

-- A new order, or one put back (inactive to active), takes the next number; a
-- replayed insert (ignored as a duplicate) or an unchanged flag moves nothing.
-- Security definer: the guests' role writes orders, never this table or the sequence.
create function public.number_order_activation() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.order_activations (order_id, activated_seq)
  values (new.id, nextval('public.orders_activation_seq'))
  on conflict (order_id) do update set activated_seq = excluded.activated_seq;
  return null;
end
$$;
revoke all on function public.number_order_activation() from public;

create trigger orders_activation_on_insert
  after insert on public.orders
  for each row execute function public.number_order_activation();

create trigger orders_activation_on_put_back
  after update of active on public.orders
  for each row when (new.active and not old.active) execute function public.number_order_activation();

-- ─── One guest's active orders, newest first, each paid or not ─────────────
create or replace function public.host_guest(p_user_id uuid) returns json
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
  where users.id = p_user_id
$$;

-- ─── Every active order, for the CSV, each paid or not ──────────────────────
create or replace function public.host_orders() returns json
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
    where orders.active
  ) as covered
  join public.users on users.id = covered.user_id
  left join public.host_paid_marks as marks on marks.user_id = covered.user_id
$$;
