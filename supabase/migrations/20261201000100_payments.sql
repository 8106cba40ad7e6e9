-- Paid means paid (issue 33): Mercado Pago's Checkout Pro and bank transfers.
--
-- Only the `payments` and `host` Edge Functions reach these tables, with the
-- service role: the guest asks the `payments` function for a checkout, Mercado
-- Pago's signed notification is checked there and the payment read back from
-- Mercado Pago before anything is written here. Guests reach none of the
-- tables (row level security on, no policy, no privilege); they read what is
-- theirs through my_tab_status and say 'Ya transferí' through notify_transfer.
--
-- 'Pagado' is one rule, party_paid below: the host's paid mark plus the
-- guest's approved Mercado Pago payments in pesos, net of what was refunded
-- (a refunded, cancelled or charged back payment counts nothing). Every total
-- that read host_paid_marks (the host's summary, a guest's detail, the orders
-- and the CSV, the phone's mark) reads it instead.

-- ─── A guest's checkout: one attempt, its id the opaque external_reference ───
create table public.payment_attempts (
  id uuid primary key default gen_random_uuid(),
  party_id uuid not null references public.parties (id),
  user_id uuid not null,
  amount bigint not null check (amount between 1 and 1100000000),
  created_at timestamptz not null default now(),
  foreign key (user_id, party_id) references public.users (id, party_id)
);
create index payment_attempts_user on public.payment_attempts (user_id);

-- ─── What Mercado Pago says of a payment, as last read from its API ─────────
-- One row per Mercado Pago payment id (the idempotency key: duplicate and
-- concurrent notifications land on the same row). amount is what Mercado Pago
-- says it received (transaction_amount), never what the attempt asked;
-- refunded_amount its transaction_amount_refunded. provider_updated_at is its
-- date_last_updated: an older read never overwrites a newer one.
create table public.provider_payments (
  payment_id text primary key check (payment_id ~ '^[0-9A-Za-z_-]{1,64}$'),
  provider text not null default 'mercadopago' check (provider = 'mercadopago'),
  attempt_id uuid not null references public.payment_attempts (id),
  party_id uuid not null references public.parties (id),
  user_id uuid not null references public.users (id),
  status text not null check (char_length(status) between 1 and 40),
  amount bigint not null check (amount between 0 and 1100000000),
  refunded_amount bigint not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  approved_at timestamptz,
  provider_updated_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index provider_payments_party_user on public.provider_payments (party_id, user_id);

-- ─── 'Datos para transferir': one account per party ─────────────────────────
-- A Chilean RUT, written '12345678-5' (no dots, K upper case), its check digit
-- verified by the modulo-11 rule (rut.ts in the functions says the same).
create or replace function public.rut_is_valid(p_rut text) returns boolean
language sql immutable strict parallel safe
set search_path = ''
as $$
  select case when p_rut ~ '^[1-9][0-9]{0,8}-[0-9K]$' then split_part(p_rut, '-', 2) = (
    select case 11 - sums.total % 11 when 11 then '0' when 10 then 'K' else (11 - sums.total % 11)::text end
    from (
      select sum(substr(reverse(split_part(p_rut, '-', 1)), position, 1)::int * (2 + (position - 1) % 6)) as total
      from generate_series(1, char_length(split_part(p_rut, '-', 1))) as position
    ) as sums
  ) else false end
$$;
grant execute on function public.rut_is_valid(text) to anon, authenticated, service_role;

create table public.party_transfer_details (
  party_id uuid primary key references public.parties (id),
  holder_name text not null check (char_length(holder_name) between 3 and 80 and holder_name !~ '[[:cntrl:]]'),
  rut text not null check (public.rut_is_valid(rut)),
  bank text not null check (char_length(bank) between 2 and 60 and bank !~ '[[:cntrl:]]'),
  account_type text not null check (account_type in ('Cuenta corriente', 'Cuenta vista', 'Cuenta RUT', 'Cuenta de ahorro')),
  account_number text not null check (account_number ~ '^[0-9][0-9-]{2,24}$'),
  email text not null check (char_length(email) <= 120 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  updated_at timestamptz not null default now()
);

-- ─── 'Ya transferí': a notice, not a payment ─────────────────────────────────
-- The id is made on the phone, so the notice rides the outbox and a replay is
-- harmless. The host confirms a transfer with the paid toggle.
create table public.transfer_notices (
  id uuid primary key,
  party_id uuid not null references public.parties (id),
  user_id uuid not null,
  amount bigint not null check (amount between 1 and 1100000000),
  created_at timestamptz not null,
  received_at timestamptz not null default now(),
  foreign key (user_id, party_id) references public.users (id, party_id)
);
create index transfer_notices_user on public.transfer_notices (user_id, created_at desc);

-- ─── The ways a party takes: Mercado Pago unless the host turned it off ─────
-- No row: on (where the deployment has Mercado Pago configured; the functions know).
create table public.party_payment_ways (
  party_id uuid primary key references public.parties (id),
  mercadopago boolean not null,
  updated_at timestamptz not null default now()
);

alter table public.payment_attempts enable row level security;
alter table public.provider_payments enable row level security;
alter table public.party_transfer_details enable row level security;
alter table public.transfer_notices enable row level security;
alter table public.party_payment_ways enable row level security;
revoke all on table public.payment_attempts, public.provider_payments, public.party_transfer_details, public.transfer_notices,
  public.party_payment_ways from public, anon, authenticated;
grant select, insert, update, delete on table public.payment_attempts, public.provider_payments, public.party_transfer_details,
  public.transfer_notices, public.party_payment_ways to service_role;

-- ─── 'Pagado': the one rule ──────────────────────────────────────────────────
-- Per guest of the party (p_user: that one only): what is paid, the host's
-- mark plus approved Mercado Pago payments in CLP net of refunds, the latest
-- time either came, and each part. No row: nothing paid.
create function public.party_paid(p_party uuid, p_user uuid default null)
returns table (user_id uuid, paid_amount bigint, paid_at timestamptz, mark_amount bigint, mark_at timestamptz, provider_amount bigint, provider_at timestamptz)
language sql
stable
security invoker
as $$
  select paid.user_id, sum(paid.amount)::bigint, max(paid.at),
         sum(paid.amount) filter (where paid.kind = 'mark')::bigint, max(paid.at) filter (where paid.kind = 'mark'),
         sum(paid.amount) filter (where paid.kind = 'provider')::bigint, max(paid.at) filter (where paid.kind = 'provider')
  from (
    select marks.user_id, marks.paid_amount as amount, marks.paid_at as at, 'mark' as kind
    from public.host_paid_marks as marks
    join public.users on users.id = marks.user_id
    where users.party_id = p_party and (p_user is null or marks.user_id = p_user)
    union all
    select payments.user_id, payments.amount - payments.refunded_amount, coalesce(payments.approved_at, payments.provider_updated_at), 'provider'
    from public.provider_payments as payments
    where payments.party_id = p_party and (p_user is null or payments.user_id = p_user)
      and payments.status = 'approved' and payments.currency = 'CLP'
  ) as paid
  group by paid.user_id
$$;
revoke all on function public.party_paid(uuid, uuid) from public, anon, authenticated;
grant execute on function public.party_paid(uuid, uuid) to service_role;

-- A guest's tab with tip, what is paid by the rule above, and what is still owed.
create function public.guest_balance(p_party uuid, p_user uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with tab as (
    select public.tipped_total(greatest(coalesce(sum(lines.amount), 0), 0)::bigint) as tipped
    from public.party_tab_lines(p_party, p_user) as lines
  ),
  paid as (select coalesce((select paid.paid_amount from public.party_paid(p_party, p_user) as paid), 0) as amount)
  select json_build_object('tipped', tab.tipped, 'paid', paid.amount, 'owed', greatest(tab.tipped - paid.amount, 0))
  from tab cross join paid
$$;
revoke all on function public.guest_balance(uuid, uuid) from public, anon, authenticated;
grant execute on function public.guest_balance(uuid, uuid) to service_role;

-- ─── The host's reads, paid by the one rule ──────────────────────────────────
create or replace function public.host_party(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with lines as (select * from public.party_tab_lines(p_party)),
  tabs as (
    select lines.user_id, count(*) filter (where lines.kind in ('order', 'claim')) as order_count, sum(lines.amount)::bigint as total,
           max(lines.created_at) filter (where lines.kind in ('order', 'claim')) as last_order_at
    from lines
    group by lines.user_id
  ),
  notices as (
    select distinct on (notices.user_id) notices.user_id, notices.amount, notices.created_at
    from public.transfer_notices as notices
    where notices.party_id = p_party
    order by notices.user_id, notices.created_at desc, notices.id
  ),
  guests as (
    select users.id, users.full_name, tabs.order_count, tabs.total, public.tipped_total(tabs.total) as tipped,
           tabs.last_order_at, marks.paid_amount, marks.paid_at, marks.mark_amount, marks.mark_at, marks.provider_amount, marks.provider_at,
           notices.amount as notice_amount, notices.created_at as notice_at
    from tabs
    join public.users on users.id = tabs.user_id
    left join public.party_paid(p_party) as marks on marks.user_id = tabs.user_id
    left join notices on notices.user_id = tabs.user_id
  )
  select json_build_object(
    'total', coalesce(sum(guests.total), 0),
    'tipped', coalesce(sum(guests.tipped), 0),
    'paid', coalesce(sum(guests.paid_amount), 0),
    'owed', coalesce(sum(greatest(guests.tipped - coalesce(guests.paid_amount, 0), 0)), 0),
    'guest_of_honour', (select honours.user_id from public.party_honours as honours where honours.party_id = p_party),
    'guests', coalesce(json_agg(json_build_object(
      'id', guests.id,
      'full_name', guests.full_name,
      'orders', guests.order_count,
      'total', guests.total,
      'tipped', guests.tipped,
      'last_order_at', guests.last_order_at,
      'paid_amount', guests.paid_amount,
      'paid_at', guests.paid_at,
      'mark_amount', guests.mark_amount,
      'mark_at', guests.mark_at,
      'provider_amount', guests.provider_amount,
      'provider_at', guests.provider_at,
      'transfer_notice', case when guests.notice_amount is null then null
                              else json_build_object('amount', guests.notice_amount, 'at', guests.notice_at) end
    ) order by guests.id), '[]'::json)
  )
  from guests
$$;

-- A line is paid while the tipped sum of it and every line before it (seq) is within what is paid.
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
        'kind', covered.kind,
        'product_name', covered.product_name,
        'product_price', covered.amount,
        'created_at', covered.created_at,
        'paid', (marks.paid_amount is not null or covered.running <= 0)
          and public.tipped_total(greatest(covered.running, 0)::bigint) <= coalesce(marks.paid_amount, 0)
      ) order by covered.created_at desc, covered.id)
      from (
        select lines.*, sum(lines.amount) over (order by turn.seq, lines.id) as running
        from public.party_tab_lines(p_party, users.id) as lines
        cross join lateral (select coalesce(lines.seq, (select activations.activated_seq from public.order_activations as activations
                                                        where activations.order_id = lines.id), 0) as seq) as turn
      ) as covered
    ), '[]'::json),
    'payments', coalesce((
      select json_agg(json_build_object('amount', payments.amount - payments.refunded_amount, 'at', coalesce(payments.approved_at, payments.provider_updated_at),
                                        'method', 'mercadopago') order by payments.approved_at, payments.payment_id)
      from public.provider_payments as payments
      where payments.user_id = users.id and payments.party_id = p_party and payments.status = 'approved' and payments.currency = 'CLP'
    ), '[]'::json)
  )
  from public.users
  left join public.party_paid(p_party, p_user_id) as marks on marks.user_id = users.id
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
    'kind', covered.kind,
    'product_name', covered.product_name,
    'product_price', covered.amount,
    'created_at', covered.created_at,
    'paid', (marks.paid_amount is not null or covered.running <= 0)
      and public.tipped_total(greatest(covered.running, 0)::bigint) <= coalesce(marks.paid_amount, 0)
  ) order by users.full_name, users.id, covered.created_at, covered.id), '[]'::json)
  from (
    select lines.*, sum(lines.amount) over (partition by lines.user_id order by coalesce(lines.seq, activations.activated_seq, 0), lines.id) as running
    from public.party_tab_lines(p_party) as lines
    left join public.order_activations as activations on activations.order_id = lines.id
  ) as covered
  join public.users on users.id = covered.user_id
  left join public.party_paid(p_party) as marks on marks.user_id = covered.user_id
$$;

-- The default mark is what the tab still owes after Mercado Pago's payments,
-- so a toggle after a checkout never counts the same pesos twice.
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
  v_amount := coalesce(p_amount, greatest((
    select public.tipped_total(greatest(coalesce(sum(lines.amount), 0), 0)::bigint)
    from public.party_tab_lines(p_party, p_user_id) as lines
  ) - coalesce((select paid.provider_amount from public.party_paid(p_party, p_user_id) as paid), 0), 0));
  if v_amount > public.guest_ever_owed(p_user_id) then
    return json_build_object('refused', 'paid_over_orders');
  end if;
  insert into public.host_paid_marks (user_id, paid_amount, paid_at)
  values (p_user_id, v_amount, now())
  on conflict (user_id) do update set paid_amount = excluded.paid_amount, paid_at = excluded.paid_at;
  return json_build_object('id', p_user_id, 'paid_amount', v_amount, 'paid_at', now());
end
$$;

-- ─── What the guest's phone hears ────────────────────────────────────────────
-- 'paid_mark' stays the phone's one figure of what is paid ({ paid_amount,
-- paid_at }, now by the one rule); 'payments' each payment (amount, at,
-- method: 'mercadopago' or 'host'), 'owed' what the tab still owes with tip,
-- 'ways' how the party takes payment ('mercadopago': the host has not turned
-- it off; the deployment's configuration is the payments function's to add).
create or replace function public.my_paid_mark()
returns json
language sql stable
security definer
set search_path = ''
as $$
  select json_build_object('paid_amount', paid.paid_amount, 'paid_at', paid.paid_at)
  from public.party_paid(public.request_party_id(), public.request_guest_id()) as paid
  join public.users on users.id = paid.user_id
  where users.party_id = public.request_party_id()
$$;

create function public.guest_payments(p_party uuid, p_user uuid) returns json
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
      'mercadopago', coalesce((select ways.mercadopago from public.party_payment_ways as ways where ways.party_id = p_party), true),
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
revoke all on function public.guest_payments(uuid, uuid) from public, anon, authenticated;
grant execute on function public.guest_payments(uuid, uuid) to service_role;

create or replace function public.my_tab_status()
returns json
language sql stable
security definer
set search_path = ''
as $$
  with mine as (select public.guest_payments(public.request_party_id(), public.request_guest_id()) as payments)
  select json_build_object(
    'party', (
      select json_build_object('name', parties.name, 'payment_url', parties.payment_url, 'closed_at', parties.closed_at)
      from public.parties where parties.id = public.request_party_id()
    ),
    'paid_mark', public.my_paid_mark(),
    'bill', public.my_bill(),
    'payments', coalesce(mine.payments -> 'payments', '[]'::json),
    'owed', (mine.payments -> 'balance' ->> 'owed')::bigint,
    'ways', mine.payments -> 'ways',
    'transfer_notices', coalesce(mine.payments -> 'transfer_notices', '[]'::json)
  )
  from mine
$$;

-- ─── 'Ya transferí', from the guest's outbox ─────────────────────────────────
-- Idempotent by the phone's id: a replay answers the notice as stored.
create function public.notify_transfer(p_id uuid, p_amount bigint, p_created_at timestamptz default now()) returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := public.request_guest_id();
  v_party uuid := public.request_party_id();
  v_notice public.transfer_notices;
begin
  if v_user is null or not exists (select from public.users where users.id = v_user and users.party_id = v_party) then
    raise exception using errcode = 'foreign_key_violation', constraint = 'transfer_notices_user',
      message = 'transfer_notices_user: the guest is not in this party';
  end if;
  insert into public.transfer_notices (id, party_id, user_id, amount, created_at)
  values (p_id, v_party, v_user, p_amount, least(coalesce(p_created_at, now()), now()))
  on conflict (id) do nothing;
  select * into v_notice from public.transfer_notices where transfer_notices.id = p_id and transfer_notices.user_id = v_user;
  if not found then
    raise exception using errcode = 'unique_violation', constraint = 'transfer_notices_pkey', message = 'transfer_notices_pkey: the id is taken';
  end if;
  return json_build_object('id', v_notice.id, 'amount', v_notice.amount, 'at', v_notice.created_at);
end
$$;
revoke all on function public.notify_transfer(uuid, bigint, timestamptz) from public;
grant execute on function public.notify_transfer(uuid, bigint, timestamptz) to anon, authenticated, service_role;

-- ─── The payments function's writes ──────────────────────────────────────────
-- A guest's checkout: the guest in the party its code names (null: the
-- default party), an amount within what is still owed. Answers the attempt's
-- id (the external_reference) and the names the preference's title needs, or
-- { refused }: unknown_guest, nothing_owed, over_owed (with owed), mercadopago_off.
create function public.payment_start(p_user uuid, p_code text, p_amount bigint) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_party public.parties;
  v_name text;
  v_owed bigint;
  v_attempt uuid;
begin
  select * into v_party from public.parties
  where (p_code is null and parties.is_default) or parties.code = p_code;
  select users.full_name into v_name from public.users where users.id = p_user and users.party_id = v_party.id;
  if v_party.id is null or v_name is null then
    return json_build_object('refused', 'unknown_guest');
  end if;
  if not coalesce((select ways.mercadopago from public.party_payment_ways as ways where ways.party_id = v_party.id), true) then
    return json_build_object('refused', 'mercadopago_off');
  end if;
  -- One guest's checkouts take turns, so two taps never both ask past what is owed.
  perform pg_advisory_xact_lock(hashtextextended('payment_start:' || p_user::text, 0));
  v_owed := (public.guest_balance(v_party.id, p_user) ->> 'owed')::bigint;
  if v_owed <= 0 then
    return json_build_object('refused', 'nothing_owed');
  end if;
  if p_amount > v_owed then
    return json_build_object('refused', 'over_owed', 'owed', v_owed);
  end if;
  insert into public.payment_attempts (party_id, user_id, amount) values (v_party.id, p_user, p_amount) returning id into v_attempt;
  return json_build_object('attempt', v_attempt, 'full_name', v_name, 'party_name', v_party.name,
                           'party_code', case when v_party.is_default then null else v_party.code end, 'owed', v_owed);
end
$$;

-- A payment as Mercado Pago's API answered it. Unknown reference: nothing
-- written ({ recorded: false }). The same payment id is one row; under
-- concurrent deliveries the advisory lock makes them take turns, and a read
-- older (date_last_updated) than the row's never replaces it.
create function public.payment_record(
  p_payment_id text, p_reference text, p_status text, p_amount bigint, p_refunded bigint, p_currency text,
  p_updated_at timestamptz, p_approved_at timestamptz
) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_attempt public.payment_attempts;
  v_row public.provider_payments;
begin
  if p_reference is null or p_reference !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return json_build_object('recorded', false, 'reason', 'unknown_reference');
  end if;
  select * into v_attempt from public.payment_attempts where payment_attempts.id = p_reference::uuid;
  if v_attempt.id is null then
    return json_build_object('recorded', false, 'reason', 'unknown_reference');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('provider_payment:' || p_payment_id, 0));
  insert into public.provider_payments as payments
    (payment_id, attempt_id, party_id, user_id, status, amount, refunded_amount, currency, approved_at, provider_updated_at)
  values (p_payment_id, v_attempt.id, v_attempt.party_id, v_attempt.user_id, p_status, p_amount, least(greatest(p_refunded, 0), p_amount),
          p_currency, p_approved_at, p_updated_at)
  on conflict (payment_id) do update set
    status = excluded.status, amount = excluded.amount, refunded_amount = excluded.refunded_amount, currency = excluded.currency,
    approved_at = coalesce(excluded.approved_at, payments.approved_at), provider_updated_at = excluded.provider_updated_at, updated_at = now()
  where payments.attempt_id = excluded.attempt_id and excluded.provider_updated_at >= payments.provider_updated_at;
  select * into v_row from public.provider_payments where provider_payments.payment_id = p_payment_id;
  return json_build_object('recorded', v_row.attempt_id = v_attempt.id, 'status', v_row.status, 'amount', v_row.amount,
                           'refunded_amount', v_row.refunded_amount, 'currency', v_row.currency);
end
$$;

-- ─── The host's ways of being paid ───────────────────────────────────────────
create function public.host_payment_ways(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object(
    'mercadopago', coalesce((select ways.mercadopago from public.party_payment_ways as ways where ways.party_id = p_party), true),
    'transfer', (
      select json_build_object('holder_name', details.holder_name, 'rut', details.rut, 'bank', details.bank,
                               'account_type', details.account_type, 'account_number', details.account_number, 'email', details.email)
      from public.party_transfer_details as details where details.party_id = p_party
    )
  )
$$;

create function public.host_set_mercadopago(p_party uuid, p_on boolean) returns json
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.party_payment_ways (party_id, mercadopago) values (p_party, p_on)
  on conflict (party_id) do update set mercadopago = excluded.mercadopago, updated_at = now();
  select public.host_payment_ways(p_party);
$$;

-- p_details null: the party no longer takes transfers.
create function public.host_set_transfer_details(p_party uuid, p_details json) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if p_details is null then
    delete from public.party_transfer_details where party_transfer_details.party_id = p_party;
  else
    insert into public.party_transfer_details (party_id, holder_name, rut, bank, account_type, account_number, email)
    values (p_party, p_details ->> 'holder_name', p_details ->> 'rut', p_details ->> 'bank', p_details ->> 'account_type',
            p_details ->> 'account_number', p_details ->> 'email')
    on conflict (party_id) do update set holder_name = excluded.holder_name, rut = excluded.rut, bank = excluded.bank,
      account_type = excluded.account_type, account_number = excluded.account_number, email = excluded.email, updated_at = now();
  end if;
  return public.host_payment_ways(p_party);
end
$$;

revoke all on function public.payment_start(uuid, text, bigint),
  public.payment_record(text, text, text, bigint, bigint, text, timestamptz, timestamptz),
  public.host_payment_ways(uuid), public.host_set_mercadopago(uuid, boolean), public.host_set_transfer_details(uuid, json)
  from public, anon, authenticated;
grant execute on function public.payment_start(uuid, text, bigint),
  public.payment_record(text, text, text, bigint, bigint, text, timestamptz, timestamptz),
  public.host_payment_ways(uuid), public.host_set_mercadopago(uuid, boolean), public.host_set_transfer_details(uuid, json)
  to service_role;

-- The guest's payments as the payments function reads them for the phone: the
-- guest by id in the party its code names (null: the default party); null for
-- a guest the party does not have.
create function public.payment_status(p_user uuid, p_code text) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select public.guest_payments(parties.id, p_user)
  from public.parties
  where (p_code is null and parties.is_default) or parties.code = p_code
$$;
revoke all on function public.payment_status(uuid, text) from public, anon, authenticated;
grant execute on function public.payment_status(uuid, text) to service_role;
