-- Paid marks bounded to what a party can owe (issue 30): a mark took any
-- amount up to 10,000,000,000, and the party's 'Pagado' read $10.000.000.000
-- for a $4.389 tab.
--
-- A mark records at most what its guest ever ordered in the party (active or
-- taken off since), with tip: what the host saw on the row is never more, even
-- when the guest took an order off in the meantime; a script's amount is
-- refused ({ refused: 'paid_over_orders' }, and 23514 paid_within_orders for
-- any other writer). Every mark is also at most MAX_PAID_AMOUNT (rules.ts).

alter table public.host_paid_marks drop constraint host_paid_marks_paid_amount_check;
alter table public.host_paid_marks add constraint host_paid_marks_amount_in_range
  check (paid_amount between 0 and 1100000000) not valid;
do $$
begin
  alter table public.host_paid_marks validate constraint host_paid_marks_amount_in_range;
exception when check_violation then
  raise warning 'Paid marks from before host_paid_marks_amount_in_range break it; it holds for every new mark.';
end
$$;

-- The most a guest's mark may record: everything the guest ever ordered, with tip.
create function public.guest_ever_owed(p_user_id uuid) returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select public.tipped_total(coalesce(sum(orders.product_price), 0)::bigint) from public.orders where orders.user_id = p_user_id
$$;
revoke all on function public.guest_ever_owed(uuid) from public, anon, authenticated;
grant execute on function public.guest_ever_owed(uuid) to service_role;

create function public.paid_within_orders() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.paid_amount > public.guest_ever_owed(new.user_id) then
    raise exception using
      errcode = 'check_violation',
      constraint = 'paid_within_orders',
      message = 'paid_within_orders: a mark records at most what the guest ever ordered, with tip',
      detail = format('Guest %s, amount %s.', new.user_id, new.paid_amount);
  end if;
  return new;
end
$$;
revoke all on function public.paid_within_orders() from public;
create trigger host_paid_marks_within_orders before insert or update of paid_amount on public.host_paid_marks
  for each row execute function public.paid_within_orders();

create or replace function public.host_mark_paid(p_party uuid, p_user_id uuid, p_paid boolean, p_amount bigint default null) returns json
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
    select public.tipped_total(coalesce(sum(orders.product_price), 0)::bigint)
    from public.orders
    where orders.user_id = p_user_id and orders.active
  ));
  if v_amount > public.guest_ever_owed(p_user_id) then
    return json_build_object('refused', 'paid_over_orders');
  end if;
  insert into public.host_paid_marks (user_id, paid_amount, paid_at)
  values (p_user_id, v_amount, now())
  on conflict (user_id) do update set paid_amount = excluded.paid_amount, paid_at = excluded.paid_at;
  return json_build_object('id', p_user_id, 'paid_amount', v_amount, 'paid_at', now());
end
$$;
