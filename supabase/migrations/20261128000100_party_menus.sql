-- Every party its own list (issue 21): the host changes a price, marks a dish
-- sold out, adds one or imports a list, and guests' phones read it.
--
-- party_products is the party's list now: one row per product, its current
-- price, its category, whether it is sold out, its place on the list.
-- party_prices is every (name, price) that was ever on that list: rows are
-- never deleted and a price change adds one, so an order taken at an earlier
-- price stays valid (the next migrations point orders at it). `products`
-- stays the record of the built-in list of menu.ts: every (name, price) it
-- ever had, and the rows with a menu_position are the current built-in list,
-- in menu order, which a new party starts from unless it copies another's.
--
-- The CHECKs are generated from supabase/functions/_shared/rules.ts
-- (sqlProductNameCheck, sqlProductCategoryCheck, sqlProductPriceCheck);
-- tests/unit/functions/rules.test.ts holds them together.

-- ─── The built-in list ───────────────────────────────────────────────────────
-- Set by the generated menu migrations (`npm run menu:migration`); null: a row
-- of an earlier menu, kept for the orders taken at it.
alter table public.products add column menu_position integer;
create unique index products_builtin_position on public.products (menu_position) where menu_position is not null;

-- The party whose list a new party copied; null: it started from the built-in list.
alter table public.parties add column menu_source uuid references public.parties (id);

-- ─── Every (name, price) ever on a party's list ──────────────────────────────
create table public.party_prices (
  party_id uuid not null references public.parties (id),
  -- As wide as products allows: the history of the built-in list is copied in.
  name text not null check (char_length(name) between 1 and 120),
  price integer not null check (price between 1 and 1000000),
  added_at timestamptz not null default now(),
  primary key (party_id, name, price)
);

-- ─── A party's list, as the host keeps it ────────────────────────────────────
create table public.party_products (
  party_id uuid not null references public.parties (id),
  name text not null constraint party_products_name_readable check (char_length(name) between 2 and 60 and name !~ '[\u0001-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u2800\u3000\uFEFF\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]' and name !~ '^ | $|  ' and regexp_count(name, '[\u0041-\u005A\u0061-\u007A\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1\u02C6-\u02D1\u02E0-\u02E4\u02EC\u02EE\u0370-\u0374\u0376-\u0377\u037A-\u037D\u037F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03F5\u03F7-\u0481\u048A-\u052F\u0531-\u0556\u0559\u0560-\u0588\u05D0-\u05EA\u05EF-\u05F2\u0620-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06E5-\u06E6\u06EE-\u06EF\u06FA-\u06FC\u06FF\u0710\u0712-\u072F\u074D-\u07A5\u07B1\u07CA-\u07EA\u07F4-\u07F5\u07FA\u0800-\u0815\u081A\u0824\u0828\u0840-\u0858\u0860-\u086A\u0870-\u0887\u0889-\u088F\u08A0-\u08C9\u0904-\u0939\u093D\u0950\u0958-\u0961\u0971-\u0980\u0985-\u098C\u098F-\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BD\u09CE\u09DC-\u09DD\u09DF-\u09E1\u09F0-\u09F1\u09FC\u0A05-\u0A0A\u0A0F-\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32-\u0A33\u0A35-\u0A36\u0A38-\u0A39\u0A59-\u0A5C\u0A5E\u0A72-\u0A74\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2-\u0AB3\u0AB5-\u0AB9\u0ABD\u0AD0\u0AE0-\u0AE1\u0AF9\u0B05-\u0B0C\u0B0F-\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32-\u0B33\u0B35-\u0B39\u0B3D\u0B5C-\u0B5D\u0B5F-\u0B61\u0B71\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99-\u0B9A\u0B9C\u0B9E-\u0B9F\u0BA3-\u0BA4\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BD0\u0C05-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3D\u0C58-\u0C5A\u0C5C-\u0C5D\u0C60-\u0C61\u0C80\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBD\u0CDC-\u0CDE\u0CE0-\u0CE1\u0CF1-\u0CF2\u0D04-\u0D0C\u0D0E-\u0D10\u0D12-\u0D3A\u0D3D\u0D4E\u0D54-\u0D56\u0D5F-\u0D61\u0D7A-\u0D7F\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6\u0E01-\u0E30\u0E32-\u0E33\u0E40-\u0E46\u0E81-\u0E82\u0E84\u0E86-\u0E8A\u0E8C-\u0EA3\u0EA5\u0EA7-\u0EB0\u0EB2-\u0EB3\u0EBD\u0EC0-\u0EC4\u0EC6\u0EDC-\u0EDF\u0F00\u0F40-\u0F47\u0F49-\u0F6C\u0F88-\u0F8C\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065-\u1066\u106E-\u1070\u1075-\u1081\u108E\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FC-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310\u1312-\u1315\u1318-\u135A\u1380-\u138F\u13A0-\u13F5\u13F8-\u13FD\u1401-\u166C\u166F-\u167F\u1681-\u169A\u16A0-\u16EA\u16F1-\u16F8\u1700-\u1711\u171F-\u1731\u1740-\u1751\u1760-\u176C\u176E-\u1770\u1780-\u17B3\u17D7\u17DC\u1820-\u1878\u1880-\u1884\u1887-\u18A8\u18AA\u18B0-\u18F5\u1900-\u191E\u1950-\u196D\u1970-\u1974\u1980-\u19AB\u19B0-\u19C9\u1A00-\u1A16\u1A20-\u1A54\u1AA7\u1B05-\u1B33\u1B45-\u1B4C\u1B83-\u1BA0\u1BAE-\u1BAF\u1BBA-\u1BE5\u1C00-\u1C23\u1C4D-\u1C4F\u1C5A-\u1C7D\u1C80-\u1C8A\u1C90-\u1CBA\u1CBD-\u1CBF\u1CE9-\u1CEC\u1CEE-\u1CF3\u1CF5-\u1CF6\u1CFA\u1D00-\u1DBF\u1E00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2071\u207F\u2090-\u209C\u2102\u2107\u210A-\u2113\u2115\u2119-\u211D\u2124\u2126\u2128\u212A-\u212D\u212F-\u2139\u213C-\u213F\u2145-\u2149\u214E\u2183-\u2184\u2C00-\u2CE4\u2CEB-\u2CEE\u2CF2-\u2CF3\u2D00-\u2D25\u2D27\u2D2D\u2D30-\u2D67\u2D6F\u2D80-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\u2E2F\u3005-\u3006\u3031-\u3035\u303B-\u303C\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312F\u3131-\u318E\u31A0-\u31BF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\uA48C\uA4D0-\uA4FD\uA500-\uA60C\uA610-\uA61F\uA62A-\uA62B\uA640-\uA66E\uA67F-\uA69D\uA6A0-\uA6E5\uA717-\uA71F\uA722-\uA788\uA78B-\uA7DC\uA7F1-\uA801\uA803-\uA805\uA807-\uA80A\uA80C-\uA822\uA840-\uA873\uA882-\uA8B3\uA8F2-\uA8F7\uA8FB\uA8FD-\uA8FE\uA90A-\uA925\uA930-\uA946\uA960-\uA97C\uA984-\uA9B2\uA9CF\uA9E0-\uA9E4\uA9E6-\uA9EF\uA9FA-\uA9FE\uAA00-\uAA28\uAA40-\uAA42\uAA44-\uAA4B\uAA60-\uAA76\uAA7A\uAA7E-\uAAAF\uAAB1\uAAB5-\uAAB6\uAAB9-\uAABD\uAAC0\uAAC2\uAADB-\uAADD\uAAE0-\uAAEA\uAAF2-\uAAF4\uAB01-\uAB06\uAB09-\uAB0E\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\uAB30-\uAB5A\uAB5C-\uAB69\uAB70-\uABE2\uAC00-\uD7A3\uD7B0-\uD7C6\uD7CB-\uD7FB\uF900-\uFA6D\uFA70-\uFAD9\uFB00-\uFB06\uFB13-\uFB17\uFB1D\uFB1F-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40-\uFB41\uFB43-\uFB44\uFB46-\uFBB1\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE70-\uFE74\uFE76-\uFEFC\uFF21-\uFF3A\uFF41-\uFF5A\uFF66-\uFFBE\uFFC2-\uFFC7\uFFCA-\uFFCF\uFFD2-\uFFD7\uFFDA-\uFFDC\U00010000-\U0001000B\U0001000D-\U00010026\U00010028-\U0001003A\U0001003C-\U0001003D\U0001003F-\U0001004D\U00010050-\U0001005D\U00010080-\U000100FA\U00010280-\U0001029C\U000102A0-\U000102D0\U00010300-\U0001031F\U0001032D-\U00010340\U00010342-\U00010349\U00010350-\U00010375\U00010380-\U0001039D\U000103A0-\U000103C3\U000103C8-\U000103CF\U00010400-\U0001049D\U000104B0-\U000104D3\U000104D8-\U000104FB\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057A\U0001057C-\U0001058A\U0001058C-\U00010592\U00010594-\U00010595\U00010597-\U000105A1\U000105A3-\U000105B1\U000105B3-\U000105B9\U000105BB-\U000105BC\U000105C0-\U000105F3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107B0\U000107B2-\U000107BA\U00010800-\U00010805\U00010808\U0001080A-\U00010835\U00010837-\U00010838\U0001083C\U0001083F-\U00010855\U00010860-\U00010876\U00010880-\U0001089E\U000108E0-\U000108F2\U000108F4-\U000108F5\U00010900-\U00010915\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109B7\U000109BE-\U000109BF\U00010A00\U00010A10-\U00010A13\U00010A15-\U00010A17\U00010A19-\U00010A35\U00010A60-\U00010A7C\U00010A80-\U00010A9C\U00010AC0-\U00010AC7\U00010AC9-\U00010AE4\U00010B00-\U00010B35\U00010B40-\U00010B55\U00010B60-\U00010B72\U00010B80-\U00010B91\U00010C00-\U00010C48\U00010C80-\U00010CB2\U00010CC0-\U00010CF2\U00010D00-\U00010D23\U00010D4A-\U00010D65\U00010D6F-\U00010D85\U00010E80-\U00010EA9\U00010EB0-\U00010EB1\U00010EC2-\U00010EC7\U00010F00-\U00010F1C\U00010F27\U00010F30-\U00010F45\U00010F70-\U00010F81\U00010FB0-\U00010FC4\U00010FE0-\U00010FF6\U00011003-\U00011037\U00011071-\U00011072\U00011075\U00011083-\U000110AF\U000110D0-\U000110E8\U00011103-\U00011126\U00011144\U00011147\U00011150-\U00011172\U00011176\U00011183-\U000111B2\U000111C1-\U000111C4\U000111DA\U000111DC\U00011200-\U00011211\U00011213-\U0001122B\U0001123F-\U00011240\U00011280-\U00011286\U00011288\U0001128A-\U0001128D\U0001128F-\U0001129D\U0001129F-\U000112A8\U000112B0-\U000112DE\U00011305-\U0001130C\U0001130F-\U00011310\U00011313-\U00011328\U0001132A-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133D\U00011350\U0001135D-\U00011361\U00011380-\U00011389\U0001138B\U0001138E\U00011390-\U000113B5\U000113B7\U000113D1\U000113D3\U00011400-\U00011434\U00011447-\U0001144A\U0001145F-\U00011461\U00011480-\U000114AF\U000114C4-\U000114C5\U000114C7\U00011580-\U000115AE\U000115D8-\U000115DB\U00011600-\U0001162F\U00011644\U00011680-\U000116AA\U000116B8\U00011700-\U0001171A\U00011740-\U00011746\U00011800-\U0001182B\U000118A0-\U000118DF\U000118FF-\U00011906\U00011909\U0001190C-\U00011913\U00011915-\U00011916\U00011918-\U0001192F\U0001193F\U00011941\U000119A0-\U000119A7\U000119AA-\U000119D0\U000119E1\U000119E3\U00011A00\U00011A0B-\U00011A32\U00011A3A\U00011A50\U00011A5C-\U00011A89\U00011A9D\U00011AB0-\U00011AF8\U00011BC0-\U00011BE0\U00011C00-\U00011C08\U00011C0A-\U00011C2E\U00011C40\U00011C72-\U00011C8F\U00011D00-\U00011D06\U00011D08-\U00011D09\U00011D0B-\U00011D30\U00011D46\U00011D60-\U00011D65\U00011D67-\U00011D68\U00011D6A-\U00011D89\U00011D98\U00011DB0-\U00011DDB\U00011EE0-\U00011EF2\U00011F02\U00011F04-\U00011F10\U00011F12-\U00011F33\U00011FB0\U00012000-\U00012399\U00012480-\U00012543\U00012F90-\U00012FF0\U00013000-\U0001342F\U00013441-\U00013446\U00013460-\U000143FA\U00014400-\U00014646\U00016100-\U0001611D\U00016800-\U00016A38\U00016A40-\U00016A5E\U00016A70-\U00016ABE\U00016AD0-\U00016AED\U00016B00-\U00016B2F\U00016B40-\U00016B43\U00016B63-\U00016B77\U00016B7D-\U00016B8F\U00016D40-\U00016D6C\U00016E40-\U00016E7F\U00016EA0-\U00016EB8\U00016EBB-\U00016ED3\U00016F00-\U00016F4A\U00016F50\U00016F93-\U00016F9F\U00016FE0-\U00016FE1\U00016FE3\U00016FF2-\U00016FF3\U00017000-\U00018CD5\U00018CFF-\U00018D1E\U00018D80-\U00018DF2\U0001AFF0-\U0001AFF3\U0001AFF5-\U0001AFFB\U0001AFFD-\U0001AFFE\U0001B000-\U0001B122\U0001B132\U0001B150-\U0001B152\U0001B155\U0001B164-\U0001B167\U0001B170-\U0001B2FB\U0001BC00-\U0001BC6A\U0001BC70-\U0001BC7C\U0001BC80-\U0001BC88\U0001BC90-\U0001BC99\U0001D400-\U0001D454\U0001D456-\U0001D49C\U0001D49E-\U0001D49F\U0001D4A2\U0001D4A5-\U0001D4A6\U0001D4A9-\U0001D4AC\U0001D4AE-\U0001D4B9\U0001D4BB\U0001D4BD-\U0001D4C3\U0001D4C5-\U0001D505\U0001D507-\U0001D50A\U0001D50D-\U0001D514\U0001D516-\U0001D51C\U0001D51E-\U0001D539\U0001D53B-\U0001D53E\U0001D540-\U0001D544\U0001D546\U0001D54A-\U0001D550\U0001D552-\U0001D6A5\U0001D6A8-\U0001D6C0\U0001D6C2-\U0001D6DA\U0001D6DC-\U0001D6FA\U0001D6FC-\U0001D714\U0001D716-\U0001D734\U0001D736-\U0001D74E\U0001D750-\U0001D76E\U0001D770-\U0001D788\U0001D78A-\U0001D7A8\U0001D7AA-\U0001D7C2\U0001D7C4-\U0001D7CB\U0001DF00-\U0001DF1E\U0001DF25-\U0001DF2A\U0001E030-\U0001E06D\U0001E100-\U0001E12C\U0001E137-\U0001E13D\U0001E14E\U0001E290-\U0001E2AD\U0001E2C0-\U0001E2EB\U0001E4D0-\U0001E4EB\U0001E5D0-\U0001E5ED\U0001E5F0\U0001E6C0-\U0001E6DE\U0001E6E0-\U0001E6E2\U0001E6E4-\U0001E6E5\U0001E6E7-\U0001E6ED\U0001E6F0-\U0001E6F4\U0001E6FE-\U0001E6FF\U0001E7E0-\U0001E7E6\U0001E7E8-\U0001E7EB\U0001E7ED-\U0001E7EE\U0001E7F0-\U0001E7FE\U0001E800-\U0001E8C4\U0001E900-\U0001E943\U0001E94B\U0001EE00-\U0001EE03\U0001EE05-\U0001EE1F\U0001EE21-\U0001EE22\U0001EE24\U0001EE27\U0001EE29-\U0001EE32\U0001EE34-\U0001EE37\U0001EE39\U0001EE3B\U0001EE42\U0001EE47\U0001EE49\U0001EE4B\U0001EE4D-\U0001EE4F\U0001EE51-\U0001EE52\U0001EE54\U0001EE57\U0001EE59\U0001EE5B\U0001EE5D\U0001EE5F\U0001EE61-\U0001EE62\U0001EE64\U0001EE67-\U0001EE6A\U0001EE6C-\U0001EE72\U0001EE74-\U0001EE77\U0001EE79-\U0001EE7C\U0001EE7E\U0001EE80-\U0001EE89\U0001EE8B-\U0001EE9B\U0001EEA1-\U0001EEA3\U0001EEA5-\U0001EEA9\U0001EEAB-\U0001EEBB\U00020000-\U0002A6DF\U0002A700-\U0002B81D\U0002B820-\U0002CEAD\U0002CEB0-\U0002EBE0\U0002EBF0-\U0002EE5D\U0002F800-\U0002FA1D\U00030000-\U0003134A\U00031350-\U00033479]') >= 2),
  price integer not null constraint party_products_price_in_range check (price between 100 and 1000000),
  category text not null constraint party_products_category_readable check (char_length(category) between 1 and 40 and category !~ '[\u0001-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u2800\u3000\uFEFF\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]' and category !~ '^ | $|  ' and regexp_count(category, '[\u0041-\u005A\u0061-\u007A\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1\u02C6-\u02D1\u02E0-\u02E4\u02EC\u02EE\u0370-\u0374\u0376-\u0377\u037A-\u037D\u037F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03F5\u03F7-\u0481\u048A-\u052F\u0531-\u0556\u0559\u0560-\u0588\u05D0-\u05EA\u05EF-\u05F2\u0620-\u064A\u066E-\u066F\u0671-\u06D3\u06D5\u06E5-\u06E6\u06EE-\u06EF\u06FA-\u06FC\u06FF\u0710\u0712-\u072F\u074D-\u07A5\u07B1\u07CA-\u07EA\u07F4-\u07F5\u07FA\u0800-\u0815\u081A\u0824\u0828\u0840-\u0858\u0860-\u086A\u0870-\u0887\u0889-\u088F\u08A0-\u08C9\u0904-\u0939\u093D\u0950\u0958-\u0961\u0971-\u0980\u0985-\u098C\u098F-\u0990\u0993-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09BD\u09CE\u09DC-\u09DD\u09DF-\u09E1\u09F0-\u09F1\u09FC\u0A05-\u0A0A\u0A0F-\u0A10\u0A13-\u0A28\u0A2A-\u0A30\u0A32-\u0A33\u0A35-\u0A36\u0A38-\u0A39\u0A59-\u0A5C\u0A5E\u0A72-\u0A74\u0A85-\u0A8D\u0A8F-\u0A91\u0A93-\u0AA8\u0AAA-\u0AB0\u0AB2-\u0AB3\u0AB5-\u0AB9\u0ABD\u0AD0\u0AE0-\u0AE1\u0AF9\u0B05-\u0B0C\u0B0F-\u0B10\u0B13-\u0B28\u0B2A-\u0B30\u0B32-\u0B33\u0B35-\u0B39\u0B3D\u0B5C-\u0B5D\u0B5F-\u0B61\u0B71\u0B83\u0B85-\u0B8A\u0B8E-\u0B90\u0B92-\u0B95\u0B99-\u0B9A\u0B9C\u0B9E-\u0B9F\u0BA3-\u0BA4\u0BA8-\u0BAA\u0BAE-\u0BB9\u0BD0\u0C05-\u0C0C\u0C0E-\u0C10\u0C12-\u0C28\u0C2A-\u0C39\u0C3D\u0C58-\u0C5A\u0C5C-\u0C5D\u0C60-\u0C61\u0C80\u0C85-\u0C8C\u0C8E-\u0C90\u0C92-\u0CA8\u0CAA-\u0CB3\u0CB5-\u0CB9\u0CBD\u0CDC-\u0CDE\u0CE0-\u0CE1\u0CF1-\u0CF2\u0D04-\u0D0C\u0D0E-\u0D10\u0D12-\u0D3A\u0D3D\u0D4E\u0D54-\u0D56\u0D5F-\u0D61\u0D7A-\u0D7F\u0D85-\u0D96\u0D9A-\u0DB1\u0DB3-\u0DBB\u0DBD\u0DC0-\u0DC6\u0E01-\u0E30\u0E32-\u0E33\u0E40-\u0E46\u0E81-\u0E82\u0E84\u0E86-\u0E8A\u0E8C-\u0EA3\u0EA5\u0EA7-\u0EB0\u0EB2-\u0EB3\u0EBD\u0EC0-\u0EC4\u0EC6\u0EDC-\u0EDF\u0F00\u0F40-\u0F47\u0F49-\u0F6C\u0F88-\u0F8C\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065-\u1066\u106E-\u1070\u1075-\u1081\u108E\u10A0-\u10C5\u10C7\u10CD\u10D0-\u10FA\u10FC-\u1248\u124A-\u124D\u1250-\u1256\u1258\u125A-\u125D\u1260-\u1288\u128A-\u128D\u1290-\u12B0\u12B2-\u12B5\u12B8-\u12BE\u12C0\u12C2-\u12C5\u12C8-\u12D6\u12D8-\u1310\u1312-\u1315\u1318-\u135A\u1380-\u138F\u13A0-\u13F5\u13F8-\u13FD\u1401-\u166C\u166F-\u167F\u1681-\u169A\u16A0-\u16EA\u16F1-\u16F8\u1700-\u1711\u171F-\u1731\u1740-\u1751\u1760-\u176C\u176E-\u1770\u1780-\u17B3\u17D7\u17DC\u1820-\u1878\u1880-\u1884\u1887-\u18A8\u18AA\u18B0-\u18F5\u1900-\u191E\u1950-\u196D\u1970-\u1974\u1980-\u19AB\u19B0-\u19C9\u1A00-\u1A16\u1A20-\u1A54\u1AA7\u1B05-\u1B33\u1B45-\u1B4C\u1B83-\u1BA0\u1BAE-\u1BAF\u1BBA-\u1BE5\u1C00-\u1C23\u1C4D-\u1C4F\u1C5A-\u1C7D\u1C80-\u1C8A\u1C90-\u1CBA\u1CBD-\u1CBF\u1CE9-\u1CEC\u1CEE-\u1CF3\u1CF5-\u1CF6\u1CFA\u1D00-\u1DBF\u1E00-\u1F15\u1F18-\u1F1D\u1F20-\u1F45\u1F48-\u1F4D\u1F50-\u1F57\u1F59\u1F5B\u1F5D\u1F5F-\u1F7D\u1F80-\u1FB4\u1FB6-\u1FBC\u1FBE\u1FC2-\u1FC4\u1FC6-\u1FCC\u1FD0-\u1FD3\u1FD6-\u1FDB\u1FE0-\u1FEC\u1FF2-\u1FF4\u1FF6-\u1FFC\u2071\u207F\u2090-\u209C\u2102\u2107\u210A-\u2113\u2115\u2119-\u211D\u2124\u2126\u2128\u212A-\u212D\u212F-\u2139\u213C-\u213F\u2145-\u2149\u214E\u2183-\u2184\u2C00-\u2CE4\u2CEB-\u2CEE\u2CF2-\u2CF3\u2D00-\u2D25\u2D27\u2D2D\u2D30-\u2D67\u2D6F\u2D80-\u2D96\u2DA0-\u2DA6\u2DA8-\u2DAE\u2DB0-\u2DB6\u2DB8-\u2DBE\u2DC0-\u2DC6\u2DC8-\u2DCE\u2DD0-\u2DD6\u2DD8-\u2DDE\u2E2F\u3005-\u3006\u3031-\u3035\u303B-\u303C\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3105-\u312F\u3131-\u318E\u31A0-\u31BF\u31F0-\u31FF\u3400-\u4DBF\u4E00-\uA48C\uA4D0-\uA4FD\uA500-\uA60C\uA610-\uA61F\uA62A-\uA62B\uA640-\uA66E\uA67F-\uA69D\uA6A0-\uA6E5\uA717-\uA71F\uA722-\uA788\uA78B-\uA7DC\uA7F1-\uA801\uA803-\uA805\uA807-\uA80A\uA80C-\uA822\uA840-\uA873\uA882-\uA8B3\uA8F2-\uA8F7\uA8FB\uA8FD-\uA8FE\uA90A-\uA925\uA930-\uA946\uA960-\uA97C\uA984-\uA9B2\uA9CF\uA9E0-\uA9E4\uA9E6-\uA9EF\uA9FA-\uA9FE\uAA00-\uAA28\uAA40-\uAA42\uAA44-\uAA4B\uAA60-\uAA76\uAA7A\uAA7E-\uAAAF\uAAB1\uAAB5-\uAAB6\uAAB9-\uAABD\uAAC0\uAAC2\uAADB-\uAADD\uAAE0-\uAAEA\uAAF2-\uAAF4\uAB01-\uAB06\uAB09-\uAB0E\uAB11-\uAB16\uAB20-\uAB26\uAB28-\uAB2E\uAB30-\uAB5A\uAB5C-\uAB69\uAB70-\uABE2\uAC00-\uD7A3\uD7B0-\uD7C6\uD7CB-\uD7FB\uF900-\uFA6D\uFA70-\uFAD9\uFB00-\uFB06\uFB13-\uFB17\uFB1D\uFB1F-\uFB28\uFB2A-\uFB36\uFB38-\uFB3C\uFB3E\uFB40-\uFB41\uFB43-\uFB44\uFB46-\uFBB1\uFBD3-\uFD3D\uFD50-\uFD8F\uFD92-\uFDC7\uFDF0-\uFDFB\uFE70-\uFE74\uFE76-\uFEFC\uFF21-\uFF3A\uFF41-\uFF5A\uFF66-\uFFBE\uFFC2-\uFFC7\uFFCA-\uFFCF\uFFD2-\uFFD7\uFFDA-\uFFDC\U00010000-\U0001000B\U0001000D-\U00010026\U00010028-\U0001003A\U0001003C-\U0001003D\U0001003F-\U0001004D\U00010050-\U0001005D\U00010080-\U000100FA\U00010280-\U0001029C\U000102A0-\U000102D0\U00010300-\U0001031F\U0001032D-\U00010340\U00010342-\U00010349\U00010350-\U00010375\U00010380-\U0001039D\U000103A0-\U000103C3\U000103C8-\U000103CF\U00010400-\U0001049D\U000104B0-\U000104D3\U000104D8-\U000104FB\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057A\U0001057C-\U0001058A\U0001058C-\U00010592\U00010594-\U00010595\U00010597-\U000105A1\U000105A3-\U000105B1\U000105B3-\U000105B9\U000105BB-\U000105BC\U000105C0-\U000105F3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107B0\U000107B2-\U000107BA\U00010800-\U00010805\U00010808\U0001080A-\U00010835\U00010837-\U00010838\U0001083C\U0001083F-\U00010855\U00010860-\U00010876\U00010880-\U0001089E\U000108E0-\U000108F2\U000108F4-\U000108F5\U00010900-\U00010915\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109B7\U000109BE-\U000109BF\U00010A00\U00010A10-\U00010A13\U00010A15-\U00010A17\U00010A19-\U00010A35\U00010A60-\U00010A7C\U00010A80-\U00010A9C\U00010AC0-\U00010AC7\U00010AC9-\U00010AE4\U00010B00-\U00010B35\U00010B40-\U00010B55\U00010B60-\U00010B72\U00010B80-\U00010B91\U00010C00-\U00010C48\U00010C80-\U00010CB2\U00010CC0-\U00010CF2\U00010D00-\U00010D23\U00010D4A-\U00010D65\U00010D6F-\U00010D85\U00010E80-\U00010EA9\U00010EB0-\U00010EB1\U00010EC2-\U00010EC7\U00010F00-\U00010F1C\U00010F27\U00010F30-\U00010F45\U00010F70-\U00010F81\U00010FB0-\U00010FC4\U00010FE0-\U00010FF6\U00011003-\U00011037\U00011071-\U00011072\U00011075\U00011083-\U000110AF\U000110D0-\U000110E8\U00011103-\U00011126\U00011144\U00011147\U00011150-\U00011172\U00011176\U00011183-\U000111B2\U000111C1-\U000111C4\U000111DA\U000111DC\U00011200-\U00011211\U00011213-\U0001122B\U0001123F-\U00011240\U00011280-\U00011286\U00011288\U0001128A-\U0001128D\U0001128F-\U0001129D\U0001129F-\U000112A8\U000112B0-\U000112DE\U00011305-\U0001130C\U0001130F-\U00011310\U00011313-\U00011328\U0001132A-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133D\U00011350\U0001135D-\U00011361\U00011380-\U00011389\U0001138B\U0001138E\U00011390-\U000113B5\U000113B7\U000113D1\U000113D3\U00011400-\U00011434\U00011447-\U0001144A\U0001145F-\U00011461\U00011480-\U000114AF\U000114C4-\U000114C5\U000114C7\U00011580-\U000115AE\U000115D8-\U000115DB\U00011600-\U0001162F\U00011644\U00011680-\U000116AA\U000116B8\U00011700-\U0001171A\U00011740-\U00011746\U00011800-\U0001182B\U000118A0-\U000118DF\U000118FF-\U00011906\U00011909\U0001190C-\U00011913\U00011915-\U00011916\U00011918-\U0001192F\U0001193F\U00011941\U000119A0-\U000119A7\U000119AA-\U000119D0\U000119E1\U000119E3\U00011A00\U00011A0B-\U00011A32\U00011A3A\U00011A50\U00011A5C-\U00011A89\U00011A9D\U00011AB0-\U00011AF8\U00011BC0-\U00011BE0\U00011C00-\U00011C08\U00011C0A-\U00011C2E\U00011C40\U00011C72-\U00011C8F\U00011D00-\U00011D06\U00011D08-\U00011D09\U00011D0B-\U00011D30\U00011D46\U00011D60-\U00011D65\U00011D67-\U00011D68\U00011D6A-\U00011D89\U00011D98\U00011DB0-\U00011DDB\U00011EE0-\U00011EF2\U00011F02\U00011F04-\U00011F10\U00011F12-\U00011F33\U00011FB0\U00012000-\U00012399\U00012480-\U00012543\U00012F90-\U00012FF0\U00013000-\U0001342F\U00013441-\U00013446\U00013460-\U000143FA\U00014400-\U00014646\U00016100-\U0001611D\U00016800-\U00016A38\U00016A40-\U00016A5E\U00016A70-\U00016ABE\U00016AD0-\U00016AED\U00016B00-\U00016B2F\U00016B40-\U00016B43\U00016B63-\U00016B77\U00016B7D-\U00016B8F\U00016D40-\U00016D6C\U00016E40-\U00016E7F\U00016EA0-\U00016EB8\U00016EBB-\U00016ED3\U00016F00-\U00016F4A\U00016F50\U00016F93-\U00016F9F\U00016FE0-\U00016FE1\U00016FE3\U00016FF2-\U00016FF3\U00017000-\U00018CD5\U00018CFF-\U00018D1E\U00018D80-\U00018DF2\U0001AFF0-\U0001AFF3\U0001AFF5-\U0001AFFB\U0001AFFD-\U0001AFFE\U0001B000-\U0001B122\U0001B132\U0001B150-\U0001B152\U0001B155\U0001B164-\U0001B167\U0001B170-\U0001B2FB\U0001BC00-\U0001BC6A\U0001BC70-\U0001BC7C\U0001BC80-\U0001BC88\U0001BC90-\U0001BC99\U0001D400-\U0001D454\U0001D456-\U0001D49C\U0001D49E-\U0001D49F\U0001D4A2\U0001D4A5-\U0001D4A6\U0001D4A9-\U0001D4AC\U0001D4AE-\U0001D4B9\U0001D4BB\U0001D4BD-\U0001D4C3\U0001D4C5-\U0001D505\U0001D507-\U0001D50A\U0001D50D-\U0001D514\U0001D516-\U0001D51C\U0001D51E-\U0001D539\U0001D53B-\U0001D53E\U0001D540-\U0001D544\U0001D546\U0001D54A-\U0001D550\U0001D552-\U0001D6A5\U0001D6A8-\U0001D6C0\U0001D6C2-\U0001D6DA\U0001D6DC-\U0001D6FA\U0001D6FC-\U0001D714\U0001D716-\U0001D734\U0001D736-\U0001D74E\U0001D750-\U0001D76E\U0001D770-\U0001D788\U0001D78A-\U0001D7A8\U0001D7AA-\U0001D7C2\U0001D7C4-\U0001D7CB\U0001DF00-\U0001DF1E\U0001DF25-\U0001DF2A\U0001E030-\U0001E06D\U0001E100-\U0001E12C\U0001E137-\U0001E13D\U0001E14E\U0001E290-\U0001E2AD\U0001E2C0-\U0001E2EB\U0001E4D0-\U0001E4EB\U0001E5D0-\U0001E5ED\U0001E5F0\U0001E6C0-\U0001E6DE\U0001E6E0-\U0001E6E2\U0001E6E4-\U0001E6E5\U0001E6E7-\U0001E6ED\U0001E6F0-\U0001E6F4\U0001E6FE-\U0001E6FF\U0001E7E0-\U0001E7E6\U0001E7E8-\U0001E7EB\U0001E7ED-\U0001E7EE\U0001E7F0-\U0001E7FE\U0001E800-\U0001E8C4\U0001E900-\U0001E943\U0001E94B\U0001EE00-\U0001EE03\U0001EE05-\U0001EE1F\U0001EE21-\U0001EE22\U0001EE24\U0001EE27\U0001EE29-\U0001EE32\U0001EE34-\U0001EE37\U0001EE39\U0001EE3B\U0001EE42\U0001EE47\U0001EE49\U0001EE4B\U0001EE4D-\U0001EE4F\U0001EE51-\U0001EE52\U0001EE54\U0001EE57\U0001EE59\U0001EE5B\U0001EE5D\U0001EE5F\U0001EE61-\U0001EE62\U0001EE64\U0001EE67-\U0001EE6A\U0001EE6C-\U0001EE72\U0001EE74-\U0001EE77\U0001EE79-\U0001EE7C\U0001EE7E\U0001EE80-\U0001EE89\U0001EE8B-\U0001EE9B\U0001EEA1-\U0001EEA3\U0001EEA5-\U0001EEA9\U0001EEAB-\U0001EEBB\U00020000-\U0002A6DF\U0002A700-\U0002B81D\U0002B820-\U0002CEAD\U0002CEB0-\U0002EBE0\U0002EBF0-\U0002EE5D\U0002F800-\U0002FA1D\U00030000-\U0003134A\U00031350-\U00033479]') >= 1),
  sold_out boolean not null default false,
  -- Menu order; the guests' list groups by category in the order of each category's first item.
  position integer not null,
  updated_at timestamptz not null default now(),
  primary key (party_id, name),
  -- The current price is always on record.
  constraint party_products_price_on_record foreign key (party_id, name, price) references public.party_prices (party_id, name, price)
);
-- One product per name, whatever its capitals: a guest's search could not tell 'Mojito' from 'mojito'.
create unique index party_products_one_name on public.party_products (party_id, lower(name));

-- Whatever writes a party's list (the host's functions, a copy, a migration)
-- puts the price on record first, so the foreign key above always holds.
create function public.party_price_on_record() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.party_prices (party_id, name, price) values (new.party_id, new.name, new.price)
  on conflict do nothing;
  return new;
end
$$;
revoke all on function public.party_price_on_record() from public;
create trigger party_products_price_on_record before insert or update of name, price on public.party_products
  for each row execute function public.party_price_on_record();

-- Nobody writes a list with the anon key; guests read it through party_menu() only.
alter table public.party_prices enable row level security;
alter table public.party_products enable row level security;
revoke all on table public.party_prices, public.party_products from public, anon, authenticated;
grant select, insert on table public.party_prices to service_role;
grant select, insert, update on table public.party_products to service_role;

-- ─── A new party starts with a list ──────────────────────────────────────────
-- The built-in list, or a copy of the current list of the party it names in
-- menu_source (every dish back on sale: a new night). Only the copied prices
-- are on its record: an order at another party's old price is not its.
create function public.party_gets_menu() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.menu_source is null then
    insert into public.party_products (party_id, name, price, category, position)
    select new.id, products.name, products.price, products.category, products.menu_position
    from public.products where products.menu_position is not null;
  else
    insert into public.party_products (party_id, name, price, category, position)
    select new.id, source.name, source.price, source.category, source.position
    from public.party_products as source where source.party_id = new.menu_source;
  end if;
  return null;
end
$$;
revoke all on function public.party_gets_menu() from public;
create trigger parties_get_menu after insert on public.parties
  for each row execute function public.party_gets_menu();

-- ─── The list as JSON: guests' phones and the host's page read the same ──────
-- { version, items: [{ name, price, category, sold_out }] } in menu order:
-- categories in the order of their first item, then by position. The version
-- is the digest of the items, so it changes whenever the list does and a
-- phone can tell an unchanged list at a glance. Null for no party.
create function public.party_menu_of(p_party uuid) returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with listed as (
    select coalesce(json_agg(json_build_object(
      'name', items.name, 'price', items.price, 'category', items.category, 'sold_out', items.sold_out
    ) order by items.category_position, items.position, items.name), '[]'::json) as items
    from (
      select party_products.*, min(party_products.position) over (partition by party_products.category) as category_position
      from public.party_products
      where party_products.party_id = p_party
    ) as items
  )
  select json_build_object('version', md5(listed.items::text), 'items', listed.items)
  from listed
  where exists (select from public.parties where parties.id = p_party)
$$;
revoke all on function public.party_menu_of(uuid) from public, anon, authenticated;
grant execute on function public.party_menu_of(uuid) to service_role;

-- The guest's RPC: the list of the party the request names (x-party-code; the
-- default party when none), sold-out dishes included and marked. Null for a
-- code no party has.
create function public.party_menu()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select public.party_menu_of(public.request_party_id())
$$;
revoke all on function public.party_menu() from public;
grant execute on function public.party_menu() to anon, authenticated, service_role;

-- ─── The host edits the list ─────────────────────────────────────────────────
-- Each answers the party's list as party_menu_of does, or { refused } with why:
-- party_closed (a party that ended keeps the list its orders were taken at),
-- unknown_product, product_exists. Each is one transaction: nothing half-saved.
-- The party's row is locked for share, so a close waits for an edit under way.

create function public.host_menu_closed(p_party uuid) returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  select parties.closed_at is not null from public.parties where parties.id = p_party for share
$$;

create function public.host_set_price(p_party uuid, p_name text, p_price integer) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if public.host_menu_closed(p_party) then
    return json_build_object('refused', 'party_closed');
  end if;
  update public.party_products set price = p_price, updated_at = now()
  where party_products.party_id = p_party and party_products.name = p_name;
  if not found then
    return json_build_object('refused', 'unknown_product');
  end if;
  return public.party_menu_of(p_party);
end
$$;

create function public.host_set_sold_out(p_party uuid, p_name text, p_sold_out boolean) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if public.host_menu_closed(p_party) then
    return json_build_object('refused', 'party_closed');
  end if;
  update public.party_products set sold_out = p_sold_out, updated_at = now()
  where party_products.party_id = p_party and party_products.name = p_name;
  if not found then
    return json_build_object('refused', 'unknown_product');
  end if;
  return public.party_menu_of(p_party);
end
$$;

-- A new product goes last on the list (so last in its category).
create function public.host_add_product(p_party uuid, p_name text, p_price integer, p_category text) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if public.host_menu_closed(p_party) then
    return json_build_object('refused', 'party_closed');
  end if;
  if exists (select from public.party_products where party_products.party_id = p_party and lower(party_products.name) = lower(p_name)) then
    return json_build_object('refused', 'product_exists');
  end if;
  insert into public.party_products (party_id, name, price, category, position)
  values (p_party, p_name, p_price, p_category,
    coalesce((select max(party_products.position) from public.party_products where party_products.party_id = p_party), 0) + 1);
  return public.party_menu_of(p_party);
end
$$;

-- An imported list, all or nothing: a line naming a product already on the
-- list (whatever its capitals) gives it that name, price and category; any
-- other line is added at the end, in the import's order. The rest of the list
-- stays as it was. The host function has checked every line (menu-import.ts);
-- a CHECK that still fails undoes the whole import.
create function public.host_import_menu(p_party uuid, p_lines json) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  top integer;
begin
  if public.host_menu_closed(p_party) then
    return json_build_object('refused', 'party_closed');
  end if;
  update public.party_products
  set name = line.name, price = line.price, category = line.category, updated_at = now()
  from json_to_recordset(p_lines) as line(name text, price integer, category text)
  where party_products.party_id = p_party and lower(party_products.name) = lower(line.name);
  select coalesce(max(party_products.position), 0) into top from public.party_products where party_products.party_id = p_party;
  insert into public.party_products (party_id, name, price, category, position)
  select p_party, line.name, line.price, line.category, top + line.n::integer
  from rows from (json_to_recordset(p_lines) as (name text, price integer, category text)) with ordinality as line(name, price, category, n)
  where not exists (
    select from public.party_products where party_products.party_id = p_party and lower(party_products.name) = lower(line.name)
  );
  return public.party_menu_of(p_party);
end
$$;

-- ─── Open a party with a list: the built-in one, or a copy of another party's ─
-- p_menu_from: the code of the party whose list to copy; null for the built-in
-- list. { refused: 'unknown_menu_source' } when no party has that code.
drop function public.host_create_party(text, date, text, text);
create function public.host_create_party(p_name text, p_date date, p_payment_url text, p_key_sha256 text, p_menu_from text default null) returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  made uuid;
  source uuid;
begin
  if p_menu_from is not null then
    select parties.id into source from public.parties where parties.code = p_menu_from;
    if source is null then
      return json_build_object('refused', 'unknown_menu_source');
    end if;
  end if;
  insert into public.parties (code, name, party_date, payment_url, host_key_sha256, menu_source)
  values (public.new_party_code(), p_name, p_date, p_payment_url, decode(p_key_sha256, 'hex'), source)
  returning id into made;
  return public.host_party_info(made);
end
$$;

revoke all on function public.host_menu_closed(uuid), public.host_set_price(uuid, text, integer),
  public.host_set_sold_out(uuid, text, boolean), public.host_add_product(uuid, text, integer, text),
  public.host_import_menu(uuid, json), public.host_create_party(text, date, text, text, text)
  from public, anon, authenticated;
grant execute on function public.host_menu_closed(uuid), public.host_set_price(uuid, text, integer),
  public.host_set_sold_out(uuid, text, boolean), public.host_add_product(uuid, text, integer, text),
  public.host_import_menu(uuid, json), public.host_create_party(text, date, text, text, text)
  to service_role;
