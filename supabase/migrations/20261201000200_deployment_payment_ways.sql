-- Whether the deployment has Mercado Pago is a secret of the functions'
-- (MERCADOPAGO_ACCESS_TOKEN), which Postgres cannot read; the guest's phone
-- reads its party's ways from Postgres (my_tab_status). So the functions that
-- know (host, payments) say it here at their first request, and a party takes
-- Mercado Pago only while the deployment last said it has it. Not said yet:
-- no (the guest pays at the party's own page, as before).
create table public.deployment_payment_ways (
  only_row boolean primary key default true check (only_row),
  mercadopago boolean not null,
  said_at timestamptz not null default now()
);
alter table public.deployment_payment_ways enable row level security;
revoke all on table public.deployment_payment_ways from public, anon, authenticated;
grant select, insert, update on table public.deployment_payment_ways to service_role;

create function public.deployment_takes_mercadopago() returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((select ways.mercadopago from public.deployment_payment_ways as ways where ways.only_row), false)
$$;
revoke all on function public.deployment_takes_mercadopago() from public, anon, authenticated;
grant execute on function public.deployment_takes_mercadopago() to service_role;

create function public.say_deployment_ways(p_mercadopago boolean) returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.deployment_payment_ways (only_row, mercadopago) values (true, p_mercadopago)
  on conflict (only_row) do update set mercadopago = excluded.mercadopago, said_at = now();
$$;
revoke all on function public.say_deployment_ways(boolean) from public, anon, authenticated;
grant execute on function public.say_deployment_ways(boolean) to service_role;

create or replace function public.guest_payments(p_party uuid, p_user uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object(
    'payments', coalesce((
      select json_agg(json_build_object('amount', paid.amount, 'at', paid.at, 'method', paid.method) order by paid.at, paid.method)
      from (
        select payments.amount - payments.refunded_amount as amount, coalesce(payments.approved_at, payments.provider_updated_at) as at, 'mercadopago' as method
        from public.provider_payments as payments
        where payments.party_id = p_party and payments.user_id = p_user and payments.status = 'approved' and payments.currency = 'CLP'
        union all
        select marks.paid_amount, marks.paid_at, 'host' from public.host_paid_marks as marks where marks.user_id = p_user
      ) as paid
    ), '[]'::json),
    'balance', public.guest_balance(p_party, p_user),
    'ways', json_build_object(
      'mercadopago', public.deployment_takes_mercadopago()
        and coalesce((select ways.mercadopago from public.party_payment_ways as ways where ways.party_id = p_party), true),
      'transfer', (
        select json_build_object('holder_name', details.holder_name, 'rut', details.rut, 'bank', details.bank,
                                 'account_type', details.account_type, 'account_number', details.account_number, 'email', details.email)
        from public.party_transfer_details as details where details.party_id = p_party
      )
    ),
    'transfer_notices', coalesce((
      select json_agg(json_build_object('id', notices.id, 'amount', notices.amount, 'at', notices.created_at) order by notices.created_at, notices.id)
      from public.transfer_notices as notices where notices.user_id = p_user and notices.party_id = p_party
    ), '[]'::json)
  )
  where exists (select from public.users where users.id = p_user and users.party_id = p_party)
$$;
