-- A party's payment page is where the guests' 'Ir a pagar' goes, with the
-- amount added as a path segment (`<page>/4840`), as the build's page is: so
-- no query or fragment, and no slash at the end. The CHECK is
-- sqlPartyPaymentUrlCheck('payment_url') of supabase/functions/_shared/rules.ts
-- (tests/unit/functions/rules.test.ts holds them together).
update public.parties set payment_url = rtrim(payment_url, '/') where payment_url ~ '/$';

alter table public.parties drop constraint parties_payment_url_check;
-- NOT VALID: a page stored before this rule stays readable (its guests pay at the build's page
-- when the phone cannot use it); every new or changed page must pass.
alter table public.parties add constraint parties_payment_url_check
  check (payment_url is null or (char_length(payment_url) <= 2000 and payment_url ~ '^https://[^\s"<>?#]*[^\s"<>?#/]$')) not valid;
