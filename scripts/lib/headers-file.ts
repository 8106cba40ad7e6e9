/**
 * The static-host headers file (`_headers`, as Netlify and Cloudflare Pages
 * read it): a path pattern on its own line, then indented `Name: value` lines.
 * A pattern ending in `*` matches every path under it; any other is exact.
 */

export const HEADERS_FILE = '_headers';

export interface HeaderRule {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
}

export function renderHeadersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map(({ path, headers }) => {
    const lines = Object.entries(headers).map(([name, value]) => {
      if (/[\r\n]/.test(name + value) || !/^[\w-]+$/.test(name)) throw new Error(`bad header for ${path}: ${name}`);
      return `  ${name}: ${value}`;
    });
    return [path, ...lines].join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: { path: string; headers: Record<string, string> }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: trimmed, headers: {} });
      continue;
    }
    const colon = trimmed.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon < 1) throw new Error(`_headers: a header line outside a path block or without a name: ${trimmed}`);
    rule.headers[trimmed.slice(0, colon).trim()] = trimmed.slice(colon + 1).trim();
  }
  return rules;
}

function matches(pattern: string, pathname: string): boolean {
  return pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/** Every matching rule's headers; a name set by two rules gets both values, comma-joined, as those hosts do. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!matches(rule.path, pathname)) continue;
    for (const [name, value] of Object.entries(rule.headers)) {
      const key = Object.keys(headers).find((existing) => existing.toLowerCase() === name.toLowerCase()) ?? name;
      headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
    }
  }
  return headers;
}
