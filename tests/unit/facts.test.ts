import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { sampleProducts, sampleProfile } from '../../src/components/widgets/sampleData';
import {
  apiOfFile,
  clientRetry,
  clientRetryText,
  collector,
  constrainedFields,
  customer,
  customerNewPhoneNumber,
  errorOf,
  hosts,
  inventoryFileMaxBytes,
  productOf,
  rateLimits,
  sameProductName,
  sandboxTwinLimits,
  tokenLifetimes,
} from '../../src/data/facts';

// Every page (docs/**/*.md*) and definition (openapi/*.yaml) states the platform's facts as
// src/data/facts holds them: error codes with their status per API, the example customer and
// products, shared field constraints, rate limits, token lifetimes, the client retry schedule,
// hosts, and the writing rules CONTRIBUTING.md sets for them (menu paths, US spelling,
// `:::danger` for what cannot be undone). Each failure names the file and line.

const root = join(__dirname, '..', '..');

function walk(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api_reference' ? [] : walk(full, test);
    return test(entry.name) ? [full] : [];
  });
}

interface Source {
  /** Path relative to the repository, `/`-separated. */
  file: string;
  text: string;
  lines: string[];
}

const read = (full: string): Source => {
  const text = readFileSync(full, 'utf8');
  return { file: relative(root, full).split('\\').join('/'), text, lines: text.split('\n') };
};

const pages = walk(join(root, 'docs'), (n) => /\.mdx?$/.test(n)).map(read);
const definitions = walk(join(root, 'openapi'), (n) => n.endsWith('.yaml')).map(read);
const sources = [...pages, ...definitions];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const parsed = new Map(definitions.map((d) => [d.file, parseYaml(d.text) as Json]));

/** Calls `visit` on every node of a parsed definition with its JSON Pointer-like path. */
function eachNode(node: Json, visit: (node: Json, path: string[]) => void, path: string[] = []) {
  visit(node, path);
  if (node && typeof node === 'object')
    for (const [key, child] of Object.entries(node)) eachNode(child, visit, [...path, key]);
}

/** `file:line` of each line matching `pattern`, for failure messages. */
function linesMatching(source: Source, pattern: RegExp): { where: string; line: string }[] {
  return source.lines.flatMap((line, i) =>
    pattern.test(line) ? [{ where: `${source.file}:${i + 1}`, line }] : [],
  );
}

/** Prose of a page: code blocks, code spans and quoted text left out. */
function prose(line: string): string {
  return line.replace(/`[^`]*`/g, '').replace(/"[^"]*"|“[^”]*”/g, '');
}

/** Lines of a page outside fenced code blocks, with their numbers. */
function proseLines(source: Source): { n: number; line: string }[] {
  let fenced = false;
  return source.lines.flatMap((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ n: i + 1, line }];
  });
}

describe('error codes', () => {
  it('every error table row pairs a code with a status its API answers it with', () => {
    const wrong: string[] = [];
    for (const page of pages) {
      const api = apiOfFile(page.file);
      if (!api) continue;
      page.lines.forEach((line, i) => {
        if (!line.startsWith('|')) return;
        const cells = line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim().replace(/`/g, ''));
        const codeAt = cells.findIndex((c) => /^[1-6]\d{3}$/.test(c));
        if (codeAt < 0 || codeAt > 1) return;
        const statuses = [...cells[codeAt === 0 ? 1 : 0].matchAll(/\b([1-5]\d\d)\b/g)].map((m) =>
          Number(m[1]),
        );
        const code = Number(cells[codeAt]);
        const entry = errorOf(api, code);
        const allowed = entry?.status[api] ?? [];
        const bad = statuses.filter((s) => !allowed.includes(s));
        if (!entry || bad.length)
          wrong.push(
            `${page.file}:${i + 1}: ${code} with ${statuses.join(', ')} (${api} answers ${allowed.join(', ') || 'no such code'})`,
          );
      });
    }
    expect(wrong).toEqual([]);
  });

  it('every status-first error table row with 429 names code 2005', () => {
    const wrong = pages.flatMap((page) =>
      linesMatching(page, /^\|\s*`?429`?\s*\|\s*(none|—|`?\d{4}`?)\s*\|/).filter(
        ({ line }) => !/\b2005\b/.test(line),
      ),
    );
    expect(wrong.map((w) => w.where)).toEqual([]);
  });

  it("every error in a definition's examples has a status its API answers the code with", () => {
    const wrong: string[] = [];
    for (const [file, doc] of parsed) {
      const api = apiOfFile(file);
      if (!api || !doc) continue;
      // Shared responses and examples (`#/components/responses/…`, `#/components/examples/…`)
      // take the statuses of the answers that reference them, through one level of nesting.
      const shared = new Map<string, Set<number>>();
      const statusOf = (path: string[]): number[] => {
        const at = path.lastIndexOf('responses');
        const status = at >= 0 ? Number(path[at + 1]) : NaN;
        if (Number.isInteger(status)) return [status];
        if (path[0] === 'components' && (path[1] === 'responses' || path[1] === 'examples'))
          return [...(shared.get(`#/components/${path[1]}/${path[2]}`) ?? [])];
        return [];
      };
      for (let pass = 0; pass < 2; pass++)
        eachNode(doc, (node, path) => {
          if (path.at(-1) !== '$ref' || typeof node !== 'string') return;
          if (!/^#\/components\/(responses|examples)\//.test(node)) return;
          const into = shared.get(node) ?? new Set<number>();
          for (const status of statusOf(path)) into.add(status);
          shared.set(node, into);
        });
      eachNode(doc, (node, path) => {
        if (path.at(-1) !== 'code' || typeof node !== 'number' || node < 1000) return;
        const allowed = errorOf(api, node)?.status[api] ?? [];
        for (const status of statusOf(path))
          if (!allowed.includes(status))
            wrong.push(`${file} ${path.join('/')}: ${node} with ${status}`);
      });
    }
    expect(wrong).toEqual([]);
  });

  it("every 429 answer of a definition carries code 2005 in its example and schema's words", () => {
    const wrong: string[] = [];
    for (const [file, doc] of parsed) {
      if (!doc) continue;
      eachNode(doc, (node, path) => {
        if (path.at(-1) !== '429' || path.at(-2) !== 'responses' || !node) return;
        // A shared response (`$ref: '#/components/responses/…'`) is checked where it is.
        const ref = typeof node === 'object' && !Array.isArray(node) ? node.$ref : undefined;
        let answer: Json = node;
        if (typeof ref === 'string' && ref.startsWith('#/components/responses/')) {
          const components = (doc as Record<string, Record<string, Record<string, Json>>>)
            .components;
          answer = components?.responses?.[ref.split('/').at(-1) ?? ''] ?? null;
        }
        const text = JSON.stringify(answer ?? '');
        if (text.includes('"examples"') || text.includes('"example"'))
          if (!text.includes('2005')) wrong.push(`${file} ${path.join('/')}`);
      });
    }
    expect(wrong).toEqual([]);
  });

  it('1007 means a cursor sent with filters different from the first page', () => {
    const wrong = sources.flatMap((s) => linesMatching(s, /with other filters|from another block/));
    expect(wrong.map((w) => w.where)).toEqual([]);
  });
});

describe('example data', () => {
  it(`${customer.user_id} is ${customer.first_name} ${customer.last_name}, ${customer.phone_number}`, () => {
    const wrong: string[] = [];
    const person = (p: { first_name: string; last_name: string }, phones: string[]) => ({
      first_name: [p.first_name],
      given_name: [p.first_name],
      last_name: [p.last_name],
      family_name: [p.last_name],
      phone_number: phones,
    });
    const asCustomer = person(customer, [customer.phone_number, customerNewPhoneNumber]);
    const asCollector = person(collector, [collector.phone_number]);
    for (const source of sources) {
      source.lines.forEach((line, i) => {
        if (!line.includes(customer.user_id)) return;
        // The object the user id is in: the 12 lines around it.
        for (let j = Math.max(0, i - 6); j < Math.min(source.lines.length, i + 7); j++) {
          const text = source.lines[j];
          for (const m of text.matchAll(
            /\b(first_name|given_name|last_name|family_name|phone_number)\b["']?\s*[:=]\s*["']?([^"',}\s][^"',}]*)/g,
          )) {
            // A collector's fields follow "collector" on the line or in the 3 lines above.
            const before = [...source.lines.slice(Math.max(0, j - 3), j), text.slice(0, m.index)];
            const expected = before.join(' ').includes('collector') ? asCollector : asCustomer;
            const key = m[1] as keyof typeof asCustomer;
            if (!expected[key].includes(m[2].trim()))
              wrong.push(`${source.file}:${j + 1}: ${m[1]} ${m[2].trim()}`);
          }
        }
      });
    }
    if (
      sampleProfile.user_id === customer.user_id &&
      sampleProfile.first_name !== customer.first_name
    )
      wrong.push(`widget sample profile: ${sampleProfile.first_name}`);
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('a lookup_code names one product, sold by weight or each as the facts say', () => {
    const wrong: string[] = [];
    for (const page of pages) {
      page.lines.forEach((line, i) => {
        // Inventory file rows in the required column order: code, name, price, cost_unit.
        const row = /^(\d{4,13}),([^,]+),[\d.]+,(each|lb|kg)\b/.exec(line);
        if (row) {
          const product = productOf(row[1]);
          if (product && !sameProductName(product, row[2]))
            wrong.push(`${page.file}:${i + 1}: ${row[1]} is ${row[2]}`);
          if (product && (row[3] === 'each') !== (product.sold_by === 'each'))
            wrong.push(`${page.file}:${i + 1}: ${row[1]} sold by ${row[3]}`);
        }
        // JSON objects: "lookup_code": "…" with an "item_name" in the next lines.
        const code = /"lookup_code":\s*"(\d+)"/.exec(line);
        const product = code && productOf(code[1]);
        if (!product) return;
        const object = page.lines
          .slice(i, i + 4)
          .join('\n')
          .slice(code.index)
          .split('}')[0];
        for (const next of object.split('\n')) {
          const name = /"item_name":\s*"([^"]+)"/.exec(next);
          if (name && !sameProductName(product, name[1]))
            wrong.push(`${page.file}:${i + 1}: ${code[1]} is ${name[1]}`);
          const unit = /"cost_unit":\s*"([^"]+)"/.exec(next);
          if (unit && (unit[1] === 'each') !== (product.sold_by === 'each'))
            wrong.push(`${page.file}:${i + 1}: ${code[1]} sold by ${unit[1]}`);
        }
      });
    }
    for (const sample of sampleProducts) {
      const product = productOf(sample.lookup_code);
      if (!product) continue;
      if (!sameProductName(product, sample.item_name))
        wrong.push(`widget sample ${sample.lookup_code} is ${sample.item_name}`);
      if (product.price && sample.price !== product.price)
        wrong.push(`widget sample ${sample.lookup_code} costs ${sample.price}`);
      if ((sample.cost_unit === 'each') !== (product.sold_by === 'each'))
        wrong.push(`widget sample ${sample.lookup_code} sold by ${sample.cost_unit}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('field constraints', () => {
  it('every schema of lookup_code and user_id carries the shared constraint', () => {
    const wrong: string[] = [];
    for (const [file, doc] of parsed) {
      if (!doc || typeof doc !== 'object' || Array.isArray(doc)) continue;
      const resolve = (node: Json): Json => {
        let current = node;
        for (let hops = 0; hops < 10; hops++) {
          if (!current || typeof current !== 'object' || Array.isArray(current)) return current;
          const ref = current.$ref;
          if (typeof ref !== 'string' || !ref.startsWith('#/')) return current;
          let target: Json = doc;
          for (const part of ref.slice(2).split('/'))
            target =
              target && typeof target === 'object' && !Array.isArray(target)
                ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')]
                : null;
          current = target;
        }
        return current;
      };
      eachNode(doc, (node, path) => {
        // Properties, component schemas named for the field, parameters (their schema) and
        // lists of the field (`lookup_codes`: their items).
        let name = path.at(-1) ?? '';
        let target: Json = node;
        const resolved = resolve(node);
        const isObject = (n: Json): n is { [key: string]: Json } =>
          !!n && typeof n === 'object' && !Array.isArray(n);
        let inSchema = path.at(-2) === 'properties' || path.at(-2) === 'schemas';
        if (
          isObject(resolved) &&
          typeof resolved.in === 'string' &&
          typeof resolved.name === 'string'
        ) {
          name = resolved.name;
          target = resolved.schema ?? null;
          inSchema = true;
        }
        if (name === 'LookupCode') name = 'lookup_code';
        // The Developer Platform's `lookup_codes` take product codes only (4–14 digits, a
        // documented narrower rule: partners do not know a retailer's own codes).
        if (name === 'lookup_codes' && apiOfFile(file) === 'developer-platform') return;
        if (name.endsWith('s') && path.at(-2) === 'properties' && isObject(resolved)) {
          name = name.slice(0, -1);
          target = resolved.items ?? null;
        }
        const rule = constrainedFields[name];
        if (!rule || !inSchema) return;
        const schema = resolve(target);
        if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
        if (
          schema.type !== 'string' &&
          !(Array.isArray(schema.type) && schema.type.includes('string'))
        )
          return;
        // A schema that constrains the field states the shared constraint: bounds from
        // minLength/maxLength or a pattern's `{min,max}`, and the same character class.
        const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
        if (schema.minLength === undefined && schema.maxLength === undefined && !pattern) return;
        const counted = pattern && /^\^(\[[^\]]+\])\{(\d+),(\d+)\}\$$/.exec(pattern);
        const got = {
          minLength: schema.minLength ?? (counted ? Number(counted[2]) : undefined),
          maxLength: schema.maxLength ?? (counted ? Number(counted[3]) : undefined),
          pattern: counted ? `^${counted[1]}+$` : pattern,
        };
        if (
          got.minLength !== rule.minLength ||
          got.maxLength !== rule.maxLength ||
          got.pattern !== rule.pattern
        )
          wrong.push(`${file} ${path.join('/')}: ${JSON.stringify(got)}`);
      });
    }
    expect(wrong).toEqual([]);
  });

  it('no page gives lookup_code another length', () => {
    const wrong = pages.flatMap((page) =>
      linesMatching(page, /`lookup_code`[^.|]{0,60}\b\d+ characters/).filter(
        ({ line }) =>
          /`lookup_code`[^.|]{0,60}?\b(\d+) characters/.exec(line)?.[1] !==
          String(constrainedFields.lookup_code.maxLength),
      ),
    );
    expect(wrong.map((w) => `${w.where}: ${w.line.trim()}`)).toEqual([]);
  });
});

describe('limits', () => {
  it('token lifetimes are 86400 (client credentials) or 900 (user tokens) seconds', () => {
    const allowed = Object.values(tokenLifetimes).map(String);
    const wrong: string[] = [];
    for (const source of sources)
      for (const { where, line } of linesMatching(source, /expires_in/))
        for (const m of line.matchAll(/expires_in\W{0,6}(\d+)/g))
          if (!allowed.includes(m[1])) wrong.push(`${where}: ${m[1]}`);
    expect(wrong).toEqual([]);
  });

  it('a token lasts 24 hours or 15 minutes wherever a page says how long', () => {
    const seconds: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600 };
    const allowed: number[] = Object.values(tokenLifetimes);
    const wrong: string[] = [];
    for (const source of sources)
      source.lines.forEach((line, i) => {
        for (const m of line.matchAll(
          /\btokens?\b[^.]{0,40}?\b(?:lasts?|expires? after|valid for) (\d[\d,]*) (seconds|minutes|hours)/gi,
        )) {
          const value = Number(m[1].replace(/,/g, '')) * seconds[m[2].toLowerCase()];
          if (!allowed.includes(value)) wrong.push(`${source.file}:${i + 1}: ${m[0]}`);
        }
      });
    expect(wrong).toEqual([]);
  });

  it("rate limits are the API's", () => {
    const wrong: string[] = [];
    for (const source of sources) {
      const api = apiOfFile(source.file);
      const allowed = api ? rateLimits[api] : Object.values(rateLimits).flat();
      source.lines.forEach((line, i) => {
        for (const m of line.matchAll(/(?<!At )\b(\d[\d,]*) (?:ad )?requests per second/g)) {
          const n = Number(m[1].replace(/,/g, ''));
          if (!allowed.includes(n)) wrong.push(`${source.file}:${i + 1}: ${n}`);
        }
      });
    }
    expect(wrong).toEqual([]);
  });

  it("the sandbox twin's limits are the twin's wherever a page gives them", () => {
    const { bodyBytes, bodyDepth, recordsPerKind, clients } = sandboxTwinLimits;
    const said: string[] = [];
    const wrong: string[] = [];
    for (const source of pages)
      source.lines.forEach((line, i) => {
        const checks: [RegExp, number][] = [
          [/\bbodies up to (\d[\d,.]*) MB/g, bodyBytes / 1_000_000],
          [/\bnested at most (\d+) levels/g, bodyDepth],
          [/\bis kept up to (\d[\d,]*)/g, recordsPerKind],
          [/\bkeeps up to (\d+) test clients/g, clients],
        ];
        for (const [pattern, value] of checks)
          for (const m of line.matchAll(pattern)) {
            said.push(m[0]);
            if (Number(m[1].replace(/,/g, '')) !== value)
              wrong.push(`${source.file}:${i + 1}: ${m[0]}`);
          }
      });
    // The page that states them (docs/connect/sandbox_guide/how_to/run_the_sandbox_in_ci.mdx).
    expect(said.length).toBeGreaterThanOrEqual(4);
    expect(wrong).toEqual([]);
  });

  it(`client retries back off ${clientRetryText}, then give up`, () => {
    const wrong: string[] = [];
    for (const source of sources)
      for (const { n, line } of proseLines(source)) {
        for (const m of line.matchAll(/\b1, 2, 4\b[\d ,and]*(?:seconds)?/g))
          if (!m[0].startsWith(clientRetryText)) wrong.push(`${source.file}:${n}: ${m[0]}`);
        if (/up to 32 seconds|after \d+ attempts/.test(line))
          wrong.push(`${source.file}:${n}: ${line.trim().slice(0, 80)}`);
      }
    expect(clientRetry.delaysSeconds).toHaveLength(clientRetry.retries);
    expect(wrong).toEqual([]);
  });

  it(`catalog files are limited to ${inventoryFileMaxBytes / 1048576} MB wherever a page gives the limit`, () => {
    const limit = String(inventoryFileMaxBytes / 1048576);
    const wrong: string[] = [];
    const catalogSources = sources.filter((s) =>
      /^(docs\/(catalog|discounting_platform)\/|openapi\/catalog\.yaml$)/.test(s.file),
    );
    for (const source of catalogSources)
      source.lines.forEach((line, i) => {
        // Limits of files, not of images, pages, logos or flyer packages.
        if (
          !/\bfiles?\b/i.test(line) ||
          /image|page|logo|png|jpe?g|icon|attachment|flyer/i.test(line)
        )
          return;
        for (const m of line.matchAll(
          /(?:up to|at most|larger than|above|stops (?:[a-z]+ )?at) (\d[\d,]*) MB|(\d[\d,]*) MB limit/gi,
        ))
          if ((m[1] ?? m[2]) !== limit) wrong.push(`${source.file}:${i + 1}: ${m[0]}`);
      });
    expect(wrong).toEqual([]);
  });

  it('every aisle.example host is one of the platform hosts', () => {
    const wrong: string[] = [];
    for (const source of sources)
      for (const m of source.text.matchAll(/\b([a-z0-9-]+(?:\.[a-z0-9-]+)*\.)?aisle\.example\b/g))
        if (!hosts.includes(m[0])) wrong.push(`${source.file}: ${m[0]}`);
    expect([...new Set(wrong)]).toEqual([]);
  });
});

describe('Connect auth and callbacks', () => {
  it('no definition declares an OAuth 2.0 flow (the token endpoint takes JSON, not a form)', () => {
    const wrong: string[] = [];
    for (const [file, doc] of parsed)
      eachNode(doc ?? null, (node, path) => {
        if (path.at(-1) === 'type' && node === 'oauth2') wrong.push(`${file} ${path.join('/')}`);
      });
    expect(wrong).toEqual([]);
  });

  it("the webhooks event table marks each event's workflows as its definition does", () => {
    const fulfillment = parsed.get('openapi/fulfillment.yaml') as Record<string, Json>;
    const webhooks = fulfillment.webhooks as Record<string, Record<string, Record<string, Json>>>;
    const page = pages.find((p) => p.file === 'docs/connect/api/webhooks.mdx');
    expect(page).toBeDefined();
    const wrong: string[] = [];
    let rows = 0;
    page!.lines.forEach((line, i) => {
      const m = /^\| \[`([a-z_.]+)`\]\([^)]*\) \|([^|]*)\|([^|]*)\|([^|]*)\|/.exec(line);
      if (!m) return;
      rows++;
      const marked = ['delivery', 'pickup', 'last_mile'].filter((_, k) => m[k + 2].includes('✓'));
      const declared = (webhooks[m[1]]?.post?.['x-workflows'] as string[] | undefined) ?? [];
      if (marked.join() !== declared.join())
        wrong.push(`${page!.file}:${i + 1}: ${m[1]} ${marked.join(',')} vs ${declared.join(',')}`);
    });
    expect(rows).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});

describe('writing rules', () => {
  it('menu paths are written with › (Storefront › Checkout), not as a list of bold words', () => {
    const storefront = pages.filter((page) => page.file.startsWith('docs/storefront/'));
    const wrong = storefront.flatMap((page) =>
      linesMatching(page, /\*\*(Storefront|Settings|Stores|Orders|Customers|Projects)\*\*, \*\*/),
    );
    expect(wrong.map((w) => w.where)).toEqual([]);
  });

  it('pages and definitions use US spelling', () => {
    const british =
      /\b(honour\w*|catalogue\w*|colour\w*|favourite\w*|behaviour\w*|grey|greyed|cancelled|cancelling|licence|centre\w*|customis\w*|organis\w*|prioritis\w*|recognis\w*|authoris\w*|optimis\w*|minimis\w*|labelled|labelling|modelled|travelled|fulfilment|enrolment|judgement|programme)\b/i;
    const wrong = sources.flatMap((page) =>
      proseLines(page).flatMap(({ n, line }) => {
        const m = british.exec(prose(line));
        return m ? [`${page.file}:${n}: ${m[1]}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('what cannot be undone is a :::danger, not a :::warning', () => {
    const wrong: string[] = [];
    for (const page of pages) {
      let open: number | undefined;
      page.lines.forEach((line, i) => {
        if (line.startsWith(':::warning')) open = i;
        else if (line.startsWith(':::') && open !== undefined) {
          const body = page.lines.slice(open, i).join(' ');
          if (
            /cannot be undone|can't be undone|irreversib|permanently|deletes all|deletes the data of everyone/i.test(
              body,
            )
          )
            wrong.push(`${page.file}:${open + 1}`);
          open = undefined;
        }
      });
    }
    expect(wrong).toEqual([]);
  });
});
