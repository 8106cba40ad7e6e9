-- Every peso paid is accounted for (issue 42): one open checkout per guest,
-- never more in flight than owed, bounded checkouts and notices, payments read
-- back when a notification is lost, 'Saldo a favor' and its refunds, a change
-- that moves paid money asking first, late orders after a settlement, and a
-- refused settlement that changes nothing.
--
-- Only the `payments` and `host` functions reach the new tables (service role);
-- guests read what is theirs through my_tab_status.

-- ─── Checkouts: one open per guest ───────────────────────────────────────────
-- state: 'starting' (asked, no preference yet), 'open' (its preference can be
-- paid until expires_at), 'replaced' (a newer checkout took its place and its
-- preference was expired), 'paid' (a payment of it was approved: its
-- preference is expired so it is not paid twice), 'failed' (Mercado Pago made
-- no preference).
alter table public.payment_attempts
  add column state text not null default 'starting' check (state in ('starting', 'open', 'replaced', 'paid', 'failed')),
  add column preference_id text check (preference_id is null or char_length(preference_id) between 1 and 200),
  add column expires_at timestamptz,
  add column closed_at timestamptz;
-- Checkouts from before: paid if a payment of them was approved, else open until half an hour after they were made.
update public.payment_attempts as attempts
set state = case when exists (select from public.provider_payments as payments where payments.attempt_id = attempts.id and payments.status = 'approved')
                 then 'paid' else 'open' end,
    expires_at = attempts.created_at + interval '30 minutes';
create index payment_attempts_guest_newest on public.payment_attempts (user_id, created_at desc);

-- Each time a guest's phone asks the payments function to read Mercado Pago back (a return from the checkout, or a
-- search of an open checkout): bounded per guest, as every one of them costs a request with the bar's token.
create table public.payment_reads (
  user_id uuid not null references public.users (id),
  at timestamptz not null default now()
);
create index payment_reads_guest on public.payment_reads (user_id, at desc);

-- ─── Refunds: 'Devolver $X' through Mercado Pago, 'Marcar como devuelto' by hand ─
-- A 'Devolver' is one batch, spread over the guest's Mercado Pago payments newest
-- first: one row per payment, asked of Mercado Pago with the row's id as its
-- X-Idempotency-Key (asking again is the same refund), and done only once Mercado
-- Pago's answer and the payment read back agree. A hand refund is done at once.
create table public.payment_refunds (
  id uuid primary key default gen_random_uuid(),
  batch uuid not null,
  party_id uuid not null references public.parties (id),
  user_id uuid not null,
  way text not null check (way in ('mercadopago', 'host')),
  payment_id text references public.provider_payments (payment_id),
  amount bigint not null check (amount between 1 and 1100000000),
  state text not null check (state in ('asked', 'done', 'refused')),
  -- What Mercado Pago had refunded of the payment when this was asked: its read-back must show this plus amount.
  refunded_before bigint check (refunded_before >= 0),
  provider_refund_id text check (provider_refund_id is null or provider_refund_id ~ '^[0-9A-Za-z_-]{1,64}$'),
  asked_at timestamptz not null default now(),
  done_at timestamptz,
  foreign key (user_id, party_id) references public.users (id, party_id),
  constraint payment_refunds_way check ((way = 'mercadopago') = (payment_id is not null and refunded_before is not null)),
  constraint payment_refunds_done_at check ((state = 'done') = (done_at is not null))
);
create index payment_refunds_guest on public.payment_refunds (party_id, user_id);

alter table public.payment_reads enable row level security;
alter table public.payment_refunds enable row level security;
revoke all on table public.payment_reads, public.payment_refunds from public, anon, authenticated;
grant select, insert, update, delete on table public.payment_reads, public.payment_refunds to service_role;

-- ─── 'Pagado': the one rule, less what was given back by hand ────────────────
-- Mercado Pago's refunds are in its payments' read-back (refunded_amount); a
-- hand refund ('Marcar como devuelto') is taken off here. returned_amount is
-- every refund done, both ways, for the lines that say it.
drop function public.party_paid(uuid, uuid);
create function public.party_paid(p_party uuid, p_user uuid default null)
returns table (
  user_id uuid, paid_amount bigint, paid_at timestamptz, mark_amount bigint, mark_at timestamptz, provider_amount bigint, provider_at timestamptz,
  returned_amount bigint
)
language sql
stable
security invoker
as $$
  select paid.user_id, sum(paid.amount) filter (where paid.kind <> 'returned')::bigint
           - coalesce(sum(paid.amount) filter (where paid.kind = 'returned' and paid.way = 'host'), 0)::bigint,
         max(paid.at) filter (where paid.kind <> 'returned'),
         sum(paid.amount) filter (where paid.kind = 'mark')::bigint, max(paid.at) filter (where paid.kind = 'mark'),
         sum(paid.amount) filter (where paid.kind = 'provider')::bigint, max(paid.at) filter (where paid.kind = 'provider'),
         sum(paid.amount) filter (where paid.kind = 'returned')::bigint
  from (
    select marks.user_id, marks.paid_amount as amount, marks.paid_at as at, 'mark' as kind, null as way
    from public.host_paid_marks as marks
    join public.users on users.id = marks.user_id
    where users.party_id = p_party and (p_user is null or marks.user_id = p_user)
    union all
    select payments.user_id, payments.amount - payments.refunded_amount, coalesce(payments.approved_at, payments.provider_updated_at), 'provider', null
    from public.provider_payments as payments
    where payments.party_id = p_party and (p_user is null or payments.user_id = p_user)
      and payments.status = 'approved' and payments.currency = 'CLP'
    union all
    select refunds.user_id, refunds.amount, refunds.done_at, 'returned', refunds.way
    from public.payment_refunds as refunds
    where refunds.party_id = p_party and (p_user is null or refunds.user_id = p_user) and refunds.state = 'done'
  ) as paid
  group by paid.user_id
  having count(*) filter (where paid.kind <> 'returned') > 0
$$;
revoke all on function public.party_paid(uuid, uuid) from public, anon, authenticated;
grant execute on function public.party_paid(uuid, uuid) to service_role;

-- What the guest's Mercado Pago payments still hold that Mercado Pago can give back.
create function public.guest_refundable(p_party uuid, p_user uuid) returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(payments.amount - payments.refunded_amount), 0)::bigint
  from public.provider_payments as payments
  where payments.party_id = p_party and payments.user_id = p_user and payments.status = 'approved' and payments.currency = 'CLP'
$$;

-- A guest's tab with tip, what is paid by the rule above, what is still owed,
-- 'Saldo a favor' (paid past the tab), what Mercado Pago still has in process,
-- and whether the party pays this guest's tab (the guest of honour).
create or replace function public.guest_balance(p_party uuid, p_user uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with tab as (
    select public.tipped_total(greatest(coalesce(sum(lines.amount), 0), 0)::bigint) as tipped, coalesce(bool_or(lines.kind = 'honoured'), false) as honoured
    from public.party_tab_lines(p_party, p_user) as lines
  ),
  paid as (select coalesce((select paid.paid_amount from public.party_paid(p_party, p_user) as paid), 0) as amount),
  pending as (
    select coalesce(sum(payments.amount), 0) as amount from public.provider_payments as payments
    where payments.party_id = p_party and payments.user_id = p_user and payments.status in ('pending', 'in_process', 'authorized')
  )
  select json_build_object('tipped', tab.tipped, 'paid', paid.amount, 'owed', greatest(tab.tipped - paid.amount, 0),
                           'credit', greatest(paid.amount - tab.tipped, 0), 'pending', pending.amount, 'honoured', tab.honoured)
  from tab cross join paid cross join pending
$$;

-- ─── What the guest's phone hears ────────────────────────────────────────────
-- The party's ways are the party's, known before the guest reaches the server
-- ('known': false until then, so the phone asks again). 'refunds' what was
-- given back; 'last_payment' Mercado Pago's newest word on a payment of this
-- guest (rejected, in process…); 'checkout_open' a checkout that may have been
-- paid with its notification lost: the phone asks the payments function to
-- search Mercado Pago for it.
create or replace function public.guest_payments(p_party uuid, p_user uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with known as (select exists (select from public.users where users.id = p_user and users.party_id = p_party) as yes)
  select json_build_object(
    'known', known.yes,
    'payments', case when not known.yes then '[]'::json else coalesce((
      select json_agg(json_build_object('amount', paid.amount, 'at', paid.at, 'method', paid.method) order by paid.at, paid.method)
      from (
        select payments.amount - payments.refunded_amount as amount, coalesce(payments.approved_at, payments.provider_updated_at) as at, 'mercadopago' as method
        from public.provider_payments as payments
        where payments.party_id = p_party and payments.user_id = p_user and payments.status = 'approved' and payments.currency = 'CLP'
          and payments.amount > payments.refunded_amount
        union all
        select marks.paid_amount, marks.paid_at, 'host' from public.host_paid_marks as marks where marks.user_id = p_user
      ) as paid
    ), '[]'::json) end,
    'refunds', case when not known.yes then '[]'::json else coalesce((
      select json_agg(json_build_object('amount', batches.amount, 'at', batches.at, 'method', batches.way) order by batches.at)
      from (
        select sum(refunds.amount) as amount, max(refunds.done_at) as at, min(refunds.way) as way
        from public.payment_refunds as refunds
        where refunds.party_id = p_party and refunds.user_id = p_user and refunds.state = 'done'
        group by refunds.batch
      ) as batches
    ), '[]'::json) end,
    'balance', case when known.yes then public.guest_balance(p_party, p_user) end,
    'last_payment', (
      select json_build_object('status', payments.status, 'amount', payments.amount, 'at', payments.provider_updated_at)
      from public.provider_payments as payments
      where known.yes and payments.party_id = p_party and payments.user_id = p_user
      order by payments.created_at desc, payments.payment_id desc
      limit 1
    ),
    'checkout_open', known.yes and exists (
      select from public.payment_attempts as attempts
      where attempts.user_id = p_user and attempts.party_id = p_party and attempts.state = 'open' and attempts.expires_at > now() - interval '1 day'
    ),
    'ways', json_build_object(
      'mercadopago', public.deployment_takes_mercadopago()
        and coalesce((select ways.mercadopago from public.party_payment_ways as ways where ways.party_id = p_party), true),
      'transfer', (
        select json_build_object('holder_name', details.holder_name, 'rut', details.rut, 'bank', details.bank,
                                 'account_type', details.account_type, 'account_number', details.account_number, 'email', details.email)
        from public.party_transfer_details as details where details.party_id = p_party
      )
    ),
    'transfer_notices', case when not known.yes then '[]'::json else coalesce((
      select json_agg(json_build_object('id', notices.id, 'amount', notices.amount, 'at', notices.created_at) order by notices.created_at, notices.id)
      from public.transfer_notices as notices where notices.user_id = p_user and notices.party_id = p_party
    ), '[]'::json) end
  )
  from known
  where p_party is not null
$$;

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
    'known', coalesce((mine.payments ->> 'known')::boolean, false),
    'paid_mark', public.my_paid_mark(),
    'bill', public.my_bill(),
    'payments', coalesce(mine.payments -> 'payments', '[]'::json),
    'refunds', coalesce(mine.payments -> 'refunds', '[]'::json),
    'owed', (mine.payments -> 'balance' ->> 'owed')::bigint,
    'credit', (mine.payments -> 'balance' ->> 'credit')::bigint,
    'pending', (mine.payments -> 'balance' ->> 'pending')::bigint,
    'honoured', coalesce((mine.payments -> 'balance' ->> 'honoured')::boolean, false),
    'last_payment', mine.payments -> 'last_payment',
    'checkout_open', coalesce((mine.payments ->> 'checkout_open')::boolean, false),
    'ways', mine.payments -> 'ways',
    'transfer_notices', coalesce(mine.payments -> 'transfer_notices', '[]'::json)
  )
  from mine
$$;

-- The payments function's `status`: null for a guest the party does not have.
create or replace function public.payment_status(p_user uuid, p_code text) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select public.guest_payments(parties.id, p_user)
  from public.parties
  where ((p_code is null and parties.is_default) or parties.code = p_code)
    and exists (select from public.users where users.id = p_user and users.party_id = parties.id)
$$;

-- ─── 'Ya transferí': at most 20 notices per guest and party ───────────────────
-- A replay of a notice the server holds is answered as stored, past the bound
-- too; a 21st new one is refused with 429 (PostgREST's PT429), in Spanish.
create or replace function public.notify_transfer(p_id uuid, p_amount bigint, p_created_at timestamptz default now()) returns json
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
  select * into v_notice from public.transfer_notices where transfer_notices.id = p_id and transfer_notices.user_id = v_user;
  if not found then
    -- One guest's notices take turns, so a burst of them never slips past the bound together.
    perform pg_advisory_xact_lock(hashtextextended('transfer_notices:' || v_user::text, 0));
    if (select count(*) from (select from public.transfer_notices where transfer_notices.user_id = v_user and transfer_notices.party_id = v_party limit 20) as kept) >= 20 then
      raise sqlstate 'PT429' using message = 'Ya avisaste 20 transferencias en esta fiesta: quien organiza las ve todas. Si falta una, avísale en persona.';
    end if;
    insert into public.transfer_notices (id, party_id, user_id, amount, created_at)
    values (p_id, v_party, v_user, p_amount, least(coalesce(p_created_at, now()), now()))
    on conflict (id) do nothing;
    select * into v_notice from public.transfer_notices where transfer_notices.id = p_id and transfer_notices.user_id = v_user;
  end if;
  if v_notice.id is null then
    raise exception using errcode = 'unique_violation', constraint = 'transfer_notices_pkey', message = 'transfer_notices_pkey: the id is taken';
  end if;
  return json_build_object('id', v_notice.id, 'amount', v_notice.amount, 'at', v_notice.created_at);
end
$$;

-- ─── A checkout: bounded, and never past what is owed less what is in flight ──
-- Answers the attempt (the external_reference) or { refused }: unknown_guest,
-- mercadopago_off, nothing_owed, in_flight (Mercado Pago is processing all that
-- is owed), over_owed (with owed: what may be asked now), too_many (with
-- retry_after, seconds): 10 checkouts per guest in 10 minutes.
create or replace function public.payment_start(p_user uuid, p_code text, p_amount bigint) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_party public.parties;
  v_name text;
  v_balance json;
  v_payable bigint;
  v_oldest timestamptz;
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
  -- One guest's checkouts take turns, so two taps never both ask past what is owed, nor past the bound.
  perform pg_advisory_xact_lock(hashtextextended('payment_start:' || p_user::text, 0));
  select min(recent.created_at) into v_oldest from (
    select attempts.created_at from public.payment_attempts as attempts
    where attempts.user_id = p_user and attempts.created_at > now() - interval '10 minutes'
    order by attempts.created_at desc limit 10
  ) as recent having count(*) >= 10;
  if v_oldest is not null then
    return json_build_object('refused', 'too_many', 'retry_after', greatest(ceil(extract(epoch from v_oldest + interval '10 minutes' - now())), 1)::integer);
  end if;
  v_balance := public.guest_balance(v_party.id, p_user);
  if (v_balance ->> 'owed')::bigint <= 0 then
    return json_build_object('refused', 'nothing_owed');
  end if;
  v_payable := (v_balance ->> 'owed')::bigint - (v_balance ->> 'pending')::bigint;
  if v_payable <= 0 then
    return json_build_object('refused', 'in_flight');
  end if;
  if p_amount > v_payable then
    return json_build_object('refused', 'over_owed', 'owed', v_payable);
  end if;
  insert into public.payment_attempts (party_id, user_id, amount) values (v_party.id, p_user, p_amount) returning id into v_attempt;
  return json_build_object('attempt', v_attempt, 'full_name', v_name, 'party_name', v_party.name,
                           'party_code', case when v_party.is_default then null else v_party.code end, 'owed', v_payable);
end
$$;

-- The checkout's preference exists: it is the guest's one open checkout. Every
-- other open one is replaced; their preferences are answered for the function
-- to expire at Mercado Pago.
create function public.payment_opened(p_attempt uuid, p_preference text, p_expires_at timestamptz) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_user uuid;
  v_replaced json;
begin
  select attempts.user_id into v_user from public.payment_attempts as attempts where attempts.id = p_attempt;
  if v_user is null then
    return json_build_object('replaced', '[]'::json);
  end if;
  perform pg_advisory_xact_lock(hashtextextended('payment_start:' || v_user::text, 0));
  update public.payment_attempts set state = 'open', preference_id = p_preference, expires_at = p_expires_at
  where payment_attempts.id = p_attempt and payment_attempts.state = 'starting';
  with replaced as (
    update public.payment_attempts set state = 'replaced', closed_at = now()
    where payment_attempts.user_id = v_user and payment_attempts.id <> p_attempt and payment_attempts.state = 'open'
    returning payment_attempts.preference_id
  )
  select coalesce(json_agg(replaced.preference_id), '[]'::json) into v_replaced from replaced where replaced.preference_id is not null;
  return json_build_object('replaced', v_replaced);
end
$$;

-- Mercado Pago made no preference for the attempt: it is no checkout.
create function public.payment_failed(p_attempt uuid) returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  update public.payment_attempts set state = 'failed', closed_at = now() where payment_attempts.id = p_attempt and payment_attempts.state = 'starting';
$$;

-- A payment as Mercado Pago's API answered it (a notification's read-back, the
-- return from the checkout or a search: all the same). Unknown reference:
-- nothing written. The same payment id is one row; concurrent deliveries take
-- turns, and a read older (date_last_updated) than the row's never replaces
-- it. An approved payment closes its checkout: `expire` names the preference
-- the function then expires, so it is not paid a second time.
create or replace function public.payment_record(
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
  v_expire text;
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
  if v_row.attempt_id = v_attempt.id and v_row.status = 'approved' then
    update public.payment_attempts set state = 'paid', closed_at = now()
    where payment_attempts.id = v_attempt.id and payment_attempts.state in ('starting', 'open')
    returning payment_attempts.preference_id into v_expire;
  end if;
  return json_build_object('recorded', v_row.attempt_id = v_attempt.id, 'status', v_row.status, 'amount', v_row.amount,
                           'refunded_amount', v_row.refunded_amount, 'currency', v_row.currency, 'expire', v_expire);
end
$$;

-- The guest's phone asks Mercado Pago to be read back: the return from a
-- checkout (p_reference, one of the guest's own attempts) or, with none, the
-- guest's open checkouts (newest three) to search by their external_reference.
-- 30 reads per guest in 10 minutes. Answers { attempts: [id] } or { refused }:
-- unknown_guest, not_yours (a reference of another guest), too_many (retry_after).
create function public.payment_reads_for(p_user uuid, p_code text, p_reference text) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_party uuid;
  v_oldest timestamptz;
  v_attempts json;
begin
  select users.party_id into v_party from public.users join public.parties on parties.id = users.party_id
  where users.id = p_user and ((p_code is null and parties.is_default) or parties.code = p_code);
  if v_party is null then
    return json_build_object('refused', 'unknown_guest');
  end if;
  if p_reference is not null and not exists (
    select from public.payment_attempts as attempts
    where p_reference ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' and attempts.id = p_reference::uuid and attempts.user_id = p_user
  ) then
    return json_build_object('refused', 'not_yours');
  end if;
  perform pg_advisory_xact_lock(hashtextextended('payment_reads:' || p_user::text, 0));
  select min(recent.at) into v_oldest from (
    select reads.at from public.payment_reads as reads
    where reads.user_id = p_user and reads.at > now() - interval '10 minutes' order by reads.at desc limit 30
  ) as recent having count(*) >= 30;
  if v_oldest is not null then
    return json_build_object('refused', 'too_many', 'retry_after', greatest(ceil(extract(epoch from v_oldest + interval '10 minutes' - now())), 1)::integer);
  end if;
  insert into public.payment_reads (user_id) values (p_user);
  select coalesce(json_agg(open.id), '[]'::json) into v_attempts from (
    select attempts.id from public.payment_attempts as attempts
    where p_reference is null and attempts.user_id = p_user and attempts.state = 'open' and attempts.expires_at > now() - interval '1 day'
    order by attempts.created_at desc limit 3
  ) as open;
  return json_build_object('attempts', case when p_reference is null then v_attempts else json_build_array(p_reference) end);
end
$$;

-- ─── Refunds ─────────────────────────────────────────────────────────────────
-- 'Devolver $X': the guest's saldo a favor that came through Mercado Pago, as
-- the host saw it (p_amount), spread over their payments newest first. A batch
-- still asked (not yet agreed by Mercado Pago's answer and read-back) is
-- answered again, the same rows and ids: a second tap, or a retry, asks Mercado
-- Pago for the same refunds, never new ones. Answers { batch, parts: [{ id,
-- payment_id, amount }] } or { refused }: nothing_to_refund, credit_changed
-- (with amount: what may be refunded now), refund_pending (with amount).
-- Null for a guest the party does not have.
create function public.refund_plan(p_party uuid, p_user uuid, p_amount bigint) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_balance json;
  v_refundable bigint;
  v_amount bigint;
  v_batch uuid := gen_random_uuid();
  v_left bigint;
  v_payment record;
  v_part bigint;
begin
  if not exists (select from public.users where users.id = p_user and users.party_id = p_party) then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guest_money:' || p_user::text, 0));
  if exists (select from public.payment_refunds where payment_refunds.user_id = p_user and payment_refunds.state = 'asked') then
    v_amount := (select sum(asked.amount) from public.payment_refunds as asked where asked.user_id = p_user and asked.state = 'asked');
    if v_amount <> p_amount then
      return json_build_object('refused', 'refund_pending', 'amount', v_amount);
    end if;
    return (
      select json_build_object('batch', min(asked.batch::text), 'parts', json_agg(json_build_object(
        'id', asked.id, 'payment_id', asked.payment_id, 'amount', asked.amount, 'refunded_before', asked.refunded_before) order by asked.asked_at, asked.id))
      from public.payment_refunds as asked where asked.user_id = p_user and asked.state = 'asked'
    );
  end if;
  v_balance := public.guest_balance(p_party, p_user);
  v_refundable := public.guest_refundable(p_party, p_user);
  v_amount := least((v_balance ->> 'credit')::bigint, v_refundable);
  if v_amount <= 0 then
    return json_build_object('refused', 'nothing_to_refund');
  end if;
  if p_amount <> v_amount then
    return json_build_object('refused', 'credit_changed', 'amount', v_amount);
  end if;
  v_left := v_amount;
  for v_payment in
    select payments.payment_id, payments.amount - payments.refunded_amount as left_in_it, payments.refunded_amount
    from public.provider_payments as payments
    where payments.party_id = p_party and payments.user_id = p_user and payments.status = 'approved' and payments.currency = 'CLP'
      and payments.amount > payments.refunded_amount
    order by coalesce(payments.approved_at, payments.provider_updated_at) desc, payments.payment_id desc
  loop
    exit when v_left <= 0;
    v_part := least(v_left, v_payment.left_in_it);
    insert into public.payment_refunds (batch, party_id, user_id, way, payment_id, amount, state, refunded_before)
    values (v_batch, p_party, p_user, 'mercadopago', v_payment.payment_id, v_part, 'asked', v_payment.refunded_amount);
    v_left := v_left - v_part;
  end loop;
  return (
    select json_build_object('batch', v_batch, 'parts', json_agg(json_build_object(
      'id', asked.id, 'payment_id', asked.payment_id, 'amount', asked.amount, 'refunded_before', asked.refunded_before) order by asked.asked_at, asked.id))
    from public.payment_refunds as asked where asked.batch = v_batch
  );
end
$$;

-- One part of a 'Devolver' after Mercado Pago answered: 'done' only when the
-- payment as read back (payment_record ran before this) shows the refund,
-- 'refused' when Mercado Pago refused it (nothing was refunded). Answers
-- { state } as stored, or { state: 'asked', disagreed: true } when the read-back
-- does not show it yet: the part stays asked, to be asked again with its id.
create function public.refund_settle(p_refund uuid, p_outcome text, p_provider_refund text default null) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_part public.payment_refunds;
begin
  select * into v_part from public.payment_refunds where payment_refunds.id = p_refund for update;
  if v_part.id is null or v_part.state <> 'asked' then
    return json_build_object('state', v_part.state);
  end if;
  if p_outcome = 'refused' then
    update public.payment_refunds set state = 'refused' where payment_refunds.id = p_refund;
    return json_build_object('state', 'refused');
  end if;
  if not exists (
    select from public.provider_payments as payments
    where payments.payment_id = v_part.payment_id and payments.refunded_amount >= v_part.refunded_before + v_part.amount
  ) then
    return json_build_object('state', 'asked', 'disagreed', true);
  end if;
  update public.payment_refunds set state = 'done', done_at = now(), provider_refund_id = p_provider_refund where payment_refunds.id = p_refund;
  return json_build_object('state', 'done');
end
$$;

-- 'Marcar como devuelto': money the guest paid otherwise (the host's mark) given
-- back by hand, exactly the part of the saldo a favor Mercado Pago cannot give
-- back (p_amount, as the host saw it). Answers the guest's refunds, or { refused }:
-- nothing_to_refund, credit_changed (with amount). Null for an unknown guest.
create function public.host_mark_refunded(p_party uuid, p_user uuid, p_amount bigint) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_credit bigint;
  v_by_hand bigint;
begin
  if not exists (select from public.users where users.id = p_user and users.party_id = p_party) then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('guest_money:' || p_user::text, 0));
  v_credit := (public.guest_balance(p_party, p_user) ->> 'credit')::bigint;
  v_by_hand := v_credit - least(v_credit, public.guest_refundable(p_party, p_user));
  if v_by_hand <= 0 then
    return json_build_object('refused', 'nothing_to_refund');
  end if;
  if p_amount <> v_by_hand then
    return json_build_object('refused', 'credit_changed', 'amount', v_by_hand);
  end if;
  insert into public.payment_refunds (batch, party_id, user_id, way, amount, state, done_at)
  values (gen_random_uuid(), p_party, p_user, 'host', p_amount, 'done', now());
  return json_build_object('id', p_user, 'refunded', p_amount);
end
$$;

-- ─── The host's reads: saldo a favor, refunds, and every guest who paid ───────
-- A guest who paid stays on the host's list with nothing on their tab (a
-- reset, the guest of honour with no one else): their money is owed back.
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
  paid as (select * from public.party_paid(p_party)),
  books as (
    select tabs.user_id, tabs.order_count, tabs.total, tabs.last_order_at from tabs
    union all
    select paid.user_id, 0, 0, null from paid where paid.paid_amount > 0 and paid.user_id not in (select tabs.user_id from tabs)
  ),
  notices as (
    select distinct on (notices.user_id) notices.user_id, notices.amount, notices.created_at
    from public.transfer_notices as notices
    where notices.party_id = p_party
    order by notices.user_id, notices.created_at desc, notices.id
  ),
  refundable as (
    select payments.user_id, sum(payments.amount - payments.refunded_amount)::bigint as amount
    from public.provider_payments as payments
    where payments.party_id = p_party and payments.status = 'approved' and payments.currency = 'CLP'
    group by payments.user_id
  ),
  pending as (
    select payments.user_id, sum(payments.amount)::bigint as amount
    from public.provider_payments as payments
    where payments.party_id = p_party and payments.status in ('pending', 'in_process', 'authorized')
    group by payments.user_id
  ),
  refunds as (
    select batches.user_id,
           coalesce(json_agg(json_build_object('amount', batches.amount, 'at', batches.at, 'method', batches.way) order by batches.at)
                    filter (where batches.amount is not null), '[]'::json) as done,
           sum(batches.asked)::bigint as asked
    from (
      select refunds.user_id, refunds.batch, sum(refunds.amount) filter (where refunds.state = 'done') as amount, max(refunds.done_at) as at,
             min(refunds.way) as way, sum(refunds.amount) filter (where refunds.state = 'asked') as asked
      from public.payment_refunds as refunds
      where refunds.party_id = p_party and refunds.state in ('done', 'asked')
      group by refunds.user_id, refunds.batch
    ) as batches
    group by batches.user_id
  ),
  guests as (
    select users.id, users.full_name, books.order_count, books.total, public.tipped_total(greatest(books.total, 0)) as tipped,
           books.last_order_at, paid.paid_amount, paid.paid_at, paid.mark_amount, paid.mark_at, paid.provider_amount, paid.provider_at,
           notices.amount as notice_amount, notices.created_at as notice_at, coalesce(refundable.amount, 0) as refundable,
           coalesce(pending.amount, 0) as pending, refunds.done as refunds, coalesce(refunds.asked, 0) as refund_asked
    from books
    join public.users on users.id = books.user_id
    left join paid on paid.user_id = books.user_id
    left join notices on notices.user_id = books.user_id
    left join refundable on refundable.user_id = books.user_id
    left join pending on pending.user_id = books.user_id
    left join refunds on refunds.user_id = books.user_id
  )
  select json_build_object(
    'total', coalesce(sum(guests.total), 0),
    'tipped', coalesce(sum(guests.tipped), 0),
    'paid', coalesce(sum(guests.paid_amount), 0),
    'owed', coalesce(sum(greatest(guests.tipped - coalesce(guests.paid_amount, 0), 0)), 0),
    'credit', coalesce(sum(greatest(coalesce(guests.paid_amount, 0) - guests.tipped, 0)), 0),
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
                              else json_build_object('amount', guests.notice_amount, 'at', guests.notice_at) end,
      'credit', greatest(coalesce(guests.paid_amount, 0) - guests.tipped, 0),
      'refundable', guests.refundable,
      'pending', guests.pending,
      'refund_asked', guests.refund_asked,
      'refunds', coalesce(guests.refunds, '[]'::json)
    ) order by guests.id), '[]'::json)
  )
  from guests
$$;

-- What the CSV adds beside the tabs' lines, so it adds up: each payment and
-- its way, each refund, each guest's saldo a favor, and what the host absorbed
-- ('Lo pago yo', as it stands now).
create function public.host_money(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select json_build_object(
    'absorbed', (
      select json_build_object('amount', bills.settled_amount, 'at', bills.settled_at)
      from public.bar_bills as bills where bills.party_id = p_party and bills.settled_by = 'host' and bills.settled_amount > 0
    ),
    'payments', coalesce((
      select json_agg(json_build_object('user_id', paid.user_id, 'full_name', users.full_name, 'amount', paid.amount, 'at', paid.at, 'method', paid.method)
        order by users.full_name, users.id, paid.at)
      from (
        select payments.user_id, payments.amount, coalesce(payments.approved_at, payments.provider_updated_at) as at, 'mercadopago' as method
        from public.provider_payments as payments
        where payments.party_id = p_party and payments.currency = 'CLP' and payments.status in ('approved', 'refunded')
        union all
        select marks.user_id, marks.paid_amount, marks.paid_at, 'host'
        from public.host_paid_marks as marks join public.users on users.id = marks.user_id
        where users.party_id = p_party and marks.paid_amount > 0
      ) as paid
      join public.users on users.id = paid.user_id
    ), '[]'::json),
    'refunds', coalesce((
      select json_agg(json_build_object('user_id', gone.user_id, 'full_name', users.full_name, 'amount', gone.amount, 'at', gone.at, 'method', gone.method)
        order by users.full_name, users.id, gone.at)
      from (
        -- Mercado Pago's as its payments read back (a refund made at its panel too); the host's by hand.
        select payments.user_id, payments.refunded_amount as amount, payments.provider_updated_at as at, 'mercadopago' as method
        from public.provider_payments as payments
        where payments.party_id = p_party and payments.currency = 'CLP' and payments.status in ('approved', 'refunded') and payments.refunded_amount > 0
        union all
        select refunds.user_id, refunds.amount, refunds.done_at, 'host'
        from public.payment_refunds as refunds
        where refunds.party_id = p_party and refunds.way = 'host' and refunds.state = 'done'
      ) as gone
      join public.users on users.id = gone.user_id
    ), '[]'::json),
    'credits', coalesce((
      select json_agg(json_build_object('user_id', guests.id, 'full_name', guests.full_name, 'amount', guests.credit) order by guests.full_name, guests.id)
      from json_to_recordset(public.host_party(p_party) -> 'guests') as guests(id uuid, full_name text, credit bigint)
      where guests.credit > 0
    ), '[]'::json)
  )
$$;

-- ─── Late orders after a settlement ──────────────────────────────────────────
-- What a spread shares is what is still without owner: an order that arrives
-- after 'Repartir lo sin dueño' (tapped before the close: the 24 h window takes
-- it) lowers every part, and after 'Lo pago yo' what the host absorbs, never
-- below 0 nor above what was settled (bar_bills.settled_first): what a guest
-- takes off after the settlement shows as 'Sin dueño' again, for the host to
-- settle. Parts follow bar-bill.ts's spreadNow and evenPart, over the guests
-- the settlement named (by id); a part that falls to $0 leaves the tab and them.
alter table public.bar_bills add column settled_first bigint check (settled_first >= 0);
update public.bar_bills set settled_first = settled_amount where settled_by is not null;

create function public.bill_follow_declared(p_party uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_bill public.bar_bills;
  v_billed bigint;
  v_declared bigint;
  v_now bigint;
begin
  -- The bill's row first: orders of a party with a bill take turns here, so each counts every one before it.
  select * into v_bill from public.bar_bills where bar_bills.party_id = p_party and bar_bills.settled_by is not null for no key update;
  if v_bill.party_id is null then
    return;
  end if;
  v_billed := coalesce(v_bill.total, (select sum(lines.quantity::bigint * lines.unit_price) from public.bar_bill_lines as lines where lines.party_id = p_party), 0);
  v_declared := coalesce((select sum(orders.product_price) from public.orders where orders.party_id = p_party and orders.active), 0)
    + coalesce((select sum(claims.amount) from public.bill_claims as claims where claims.party_id = p_party), 0);
  v_now := least(coalesce(v_bill.settled_first, v_bill.settled_amount), greatest(v_billed - v_declared, 0));
  if v_bill.settled_by = 'guests' then
    with members as (
      select parts.user_id, row_number() over (order by parts.user_id) as rank, count(*) over () as n
      from public.bill_spread_parts as parts where parts.party_id = p_party
    )
    update public.bill_spread_parts as parts
    set amount = v_now / members.n + case when members.rank <= v_now % members.n then 1 else 0 end
    from members
    where parts.party_id = p_party and parts.user_id = members.user_id
      and parts.amount <> v_now / members.n + case when members.rank <= v_now % members.n then 1 else 0 end;
    -- A part of $0 leaves the tab (and the settlement's guests): the others still sum to what is spread.
    delete from public.bill_spread_parts where bill_spread_parts.party_id = p_party and bill_spread_parts.amount = 0;
    v_now := coalesce((select sum(parts.amount) from public.bill_spread_parts as parts where parts.party_id = p_party), 0);
  end if;
  if v_bill.settled_amount <> v_now then
    update public.bar_bills set settled_amount = v_now where bar_bills.party_id = p_party;
  end if;
end
$$;
revoke all on function public.bill_follow_declared(uuid) from public, anon, authenticated;

-- Every write of orders in a party with a bar's bill takes the bill's row (a settlement waits for the orders under
-- way, and they for it); in a settled party, the parts follow what was declared.
create function public.bill_follows_orders() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_party uuid;
  v_settled text;
begin
  for v_party in select distinct changed.party_id from changed order by changed.party_id loop
    select bar_bills.settled_by into v_settled from public.bar_bills where bar_bills.party_id = v_party for no key update;
    if v_settled is not null then
      perform public.bill_follow_declared(v_party);
    end if;
  end loop;
  return null;
end
$$;
revoke all on function public.bill_follows_orders() from public;
create trigger orders_follow_settled_bill_on_insert after insert on public.orders
  referencing new table as changed for each statement execute function public.bill_follows_orders();
create trigger orders_follow_settled_bill_on_update after update on public.orders
  referencing new table as changed for each statement execute function public.bill_follows_orders();

-- 'Repartir lo sin dueño' or 'Lo pago yo'. Refused (no bill, nobody to spread
-- over) before anything changes: the earlier settlement stays whole.
create or replace function public.host_settle_bill(p_party uuid, p_by text) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  left_over bigint;
begin
  if not exists (select from public.bar_bills where bar_bills.party_id = p_party for update) then
    return json_build_object('refused', 'no_bill');
  end if;
  left_over := (public.bill_comparison(p_party) ->> 'to_spread')::bigint;
  if p_by = 'guests' and left_over > 0 and not exists (
    select from public.orders where orders.party_id = p_party and orders.active
    union all
    select from public.bill_claims as claims where claims.party_id = p_party
  ) then
    return json_build_object('refused', 'no_guests');
  end if;
  delete from public.bill_spread_parts where bill_spread_parts.party_id = p_party;
  if p_by = 'guests' and left_over > 0 then
    insert into public.bill_spread_parts (party_id, user_id, amount)
    select p_party, guests.user_id, left_over / guests.n + case when guests.rank <= left_over % guests.n then 1 else 0 end
    from (
      select own.user_id, row_number() over (order by own.user_id) as rank, count(*) over () as n
      from (
        select orders.user_id from public.orders where orders.party_id = p_party and orders.active
        union
        select claims.user_id from public.bill_claims as claims where claims.party_id = p_party
      ) as own
    ) as guests
    where left_over / guests.n + case when guests.rank <= left_over % guests.n then 1 else 0 end > 0;
  end if;
  update public.bar_bills set settled_by = p_by, settled_amount = left_over, settled_first = left_over, settled_at = now()
  where bar_bills.party_id = p_party;
  return public.bill_comparison(p_party);
end
$$;

-- 'Llegó después de repartir': the party's active orders the server took after
-- what was left was settled, for the host's 'Cuenta del bar'.
create function public.bill_late_orders(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(json_build_object('product_name', orders.product_name, 'amount', orders.product_price, 'full_name', users.full_name,
                                             'received_at', orders.received_at) order by orders.received_at, orders.id), '[]'::json)
  from public.bar_bills as bills
  join public.orders on orders.party_id = bills.party_id and orders.active and orders.received_at > bills.settled_at
  join public.users on users.id = orders.user_id
  where bills.party_id = p_party and bills.settled_by is not null
$$;

-- ─── A change that moves paid money asks first ───────────────────────────────
-- Saving the bill, settling what was left ('Repartir lo sin dueño', 'Lo pago
-- yo') or naming a guest of honour, run whole and then, when it changes the
-- tab (with tip) of a guest who paid something and p_confirmed is false,
-- undone: { refused: 'moves_paid', guests: N }. Any refusal of the change
-- itself undoes it too, so a refused change never leaves half of itself.
create function public.host_bill_change(p_party uuid, p_action text, p_args json, p_confirmed boolean) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_before jsonb;
  v_answer json;
  v_moved integer := 0;
begin
  select coalesce(jsonb_object_agg(tabs.user_id::text, tabs.tipped), '{}'::jsonb) into v_before
  from (
    select lines.user_id, public.tipped_total(greatest(sum(lines.amount), 0)::bigint) as tipped
    from public.party_tab_lines(p_party) as lines group by lines.user_id
  ) as tabs
  join public.party_paid(p_party) as paid on paid.user_id = tabs.user_id and paid.paid_amount > 0;
  begin
    v_answer := case p_action
      when 'save_bill' then public.host_save_bill(p_party, p_args -> 'lines', (p_args ->> 'total')::bigint, (p_args ->> 'printedTotal')::bigint)
      when 'settle_bill' then public.host_settle_bill(p_party, p_args ->> 'by')
      when 'honour' then public.host_set_honour(p_party, (p_args ->> 'guestId')::uuid, (p_args ->> 'honoured')::boolean)
    end;
    if v_answer is null or (v_answer::jsonb ? 'refused') then
      raise exception using errcode = 'LC042', message = 'refused';
    end if;
    select count(*) into v_moved
    from public.party_paid(p_party) as paid
    left join (
      select lines.user_id, public.tipped_total(greatest(sum(lines.amount), 0)::bigint) as tipped
      from public.party_tab_lines(p_party) as lines group by lines.user_id
    ) as tabs on tabs.user_id = paid.user_id
    where paid.paid_amount > 0 and coalesce(tabs.tipped, 0) <> coalesce((v_before ->> paid.user_id::text)::bigint, 0);
    if v_moved > 0 and not p_confirmed then
      raise exception using errcode = 'LC042', message = 'moves_paid';
    end if;
  exception when sqlstate 'LC042' then
    if v_answer is null or (v_answer::jsonb ? 'refused') then
      return v_answer;
    end if;
    return json_build_object('refused', 'moves_paid', 'guests', v_moved);
  end;
  return v_answer;
end
$$;

revoke all on function public.guest_refundable(uuid, uuid), public.payment_opened(uuid, text, timestamptz), public.payment_failed(uuid),
  public.payment_reads_for(uuid, text, text), public.refund_plan(uuid, uuid, bigint), public.refund_settle(uuid, text, text),
  public.host_mark_refunded(uuid, uuid, bigint), public.host_money(uuid), public.bill_late_orders(uuid),
  public.host_bill_change(uuid, text, json, boolean)
  from public, anon, authenticated;
grant execute on function public.guest_refundable(uuid, uuid), public.payment_opened(uuid, text, timestamptz), public.payment_failed(uuid),
  public.payment_reads_for(uuid, text, text), public.refund_plan(uuid, uuid, bigint), public.refund_settle(uuid, text, text),
  public.host_mark_refunded(uuid, uuid, bigint), public.host_money(uuid), public.bill_late_orders(uuid),
  public.host_bill_change(uuid, text, json, boolean)
  to service_role;
