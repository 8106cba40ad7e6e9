/**
 * The docs a host and a newcomer read stay short enough to be read, and true
 * to what is on disk: the host's guide with the product's own pictures, the
 * function's reference within its size, and README's night naming the bill and
 * the payments.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const size = (path: string) => statSync(join(ROOT, path)).size;

/** Every picture a Markdown file shows, as a path from the repository's root. */
const pictures = (path: string) => [...read(path).matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((match) => join('docs', match[1] ?? ''));

describe('the host’s guide', () => {
  it('is at most 15 KB, with at least six of the product’s pictures, each on disk under docs/img/', () => {
    expect(size('docs/guide.md')).toBeLessThanOrEqual(15 * 1024);
    const shown = pictures('docs/guide.md');
    expect(new Set(shown).size).toBeGreaterThanOrEqual(6);
    for (const picture of shown) {
      expect(picture.startsWith('docs/img/'), picture).toBe(true);
      expect(existsSync(join(ROOT, picture)), picture).toBe(true);
    }
  });

  it('shows every picture the guide’s browser test makes, and no other', () => {
    const made = [...read('tests/e2e/guide.spec.ts').matchAll(/picture\([^;]*?'([a-z-]+)'\)/g)].map((match) => `docs/img/guide-${match[1] ?? ''}.png`);
    expect(made.length).toBeGreaterThanOrEqual(6);
    expect(new Set(pictures('docs/guide.md'))).toEqual(new Set(made));
  });
});

describe('the host function’s reference and README', () => {
  it('docs/host.md is at most 40 KB', () => {
    expect(size('docs/host.md')).toBeLessThanOrEqual(40 * 1024);
  });

  it('README links the guide before the other docs, and its night names the bar’s bill and Mercado Pago', () => {
    const readme = read('README.md');
    const links = [...readme.matchAll(/\]\((docs\/[^)#]+)/g)].map((match) => match[1]);
    expect(links[0]).toBe('docs/guide.md');
    const night = /## Each night\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    expect(night).toContain('Cuenta del bar');
    expect(night).toContain('Mercado Pago');
  });
});
