import fc from 'fast-check';

/**
 * Deeply nested arrays or objects. JSON.parse takes 20,000 levels but neither
 * JSON.stringify nor fast-check's printer does, so the value stays a marker
 * until `toJsonText` writes it out as text.
 */
class Nested {
  constructor(
    readonly depth: number,
    readonly asObject: boolean,
  ) {}
  text(): string {
    return this.asObject
      ? `${'{"a":'.repeat(this.depth)}"bottom"${'}'.repeat(this.depth)}`
      : `${'['.repeat(this.depth)}"bottom"${']'.repeat(this.depth)}`;
  }
  [fc.toStringMethod](): string {
    return `nested(${this.depth}, ${this.asObject ? 'objects' : 'arrays'})`;
  }
}

/** JSON.stringify, with `Nested` markers written out in place. */
export function toJsonText(value: unknown): string {
  const markers: Nested[] = [];
  const text =
    JSON.stringify(value, (_, item: unknown) => {
      if (!(item instanceof Nested)) return item;
      markers.push(item);
      return `\u0000nested${markers.length - 1}\u0000`;
    }) ?? 'null';
  return text.replace(/"\\u0000nested(\d+)\\u0000"/g, (_, index: string) => markers[Number(index)]?.text() ?? 'null');
}

/** Strings that have broken servers: empty, huge, control and lone-surrogate characters, markup, SQL, paths. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\uD800',
    '\u202Eevil',
    'ñandú 🎓 中文 עברית',
    "' OR '1'='1' --",
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '%00%ZZ',
    '$' + '{7*7}{{7*7}}',
    '__proto__',
    'constructor',
    'null',
    'NaN',
    '-1',
    '1e999',
  ),
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'a'.repeat(length)),
  fc.integer({ min: 100, max: 20_000 }).map((count) => '🎓'.repeat(count)),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Values of every JSON type, and some JSON stretches to its limits. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, [], {}, [null], { '': null }),
  fc.tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean()).map(([depth, asObject]) => new Nested(depth, asObject)),
  fc.integer({ min: 1_000, max: 50_000 }).map((length) => Array.from({ length }, (_, index) => index)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A valid body with one thing wrong: a field missing, of the wrong type, hostile, or one too many. */
export function mutatedBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), hostileValue, fc.constantFrom('drop', 'replace', 'extra', 'proto', 'whole', 'wrap'))
    .map(([body, pick, value, how]) => {
      if (how === 'whole') return value;
      if (how === 'wrap') return [body];
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return value;
      const copy: Record<string, unknown> = { ...body };
      const keys = Object.keys(copy);
      const key = keys.length > 0 ? (keys[pick % keys.length] as string) : 'field';
      if (how === 'drop') delete copy[key];
      else if (how === 'replace') copy[key] = value;
      else if (how === 'extra') copy[`extra${pick % 3}`] = value;
      else return Object.assign(JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": 1}}'), copy);
      return copy;
    });
}

/** Bodies that are not JSON, or not the JSON a reader expects. */
export const badJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'undefined',
    'NaN',
    "{'a': 1}",
    '[1, 2',
    '\u0000',
    '{"a":1}{"b":2}',
    '\uFEFF{}',
    'null',
    '"text"',
    '1e999999',
    '{"a": 1,}',
    '{"__proto__": null}',
  ),
  fc.integer({ min: 10, max: 100_000 }).map((depth) => '['.repeat(depth)),
  fc.integer({ min: 10, max: 100_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

/** Content types a JSON route may be sent by mistake or on purpose. */
export const oddContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json, text/plain',
  '',
);

/** Path segments that are not what a route expects (sent percent-encoded unless raw). */
export const oddPathValue: fc.Arbitrary<{ value: string; raw?: boolean }> = fc.oneof(
  hostileString.filter((value) => value.length > 0 && value.length < 5_000).map((value) => ({ value })),
  fc.uuid().map((value) => ({ value })),
  fc.constantFrom(
    { value: '0' },
    { value: '9'.repeat(40) },
    { value: 'feed' },
    { value: 'me' },
    { value: '%E0%A4%A', raw: true },
    { value: '%ZZ', raw: true },
    { value: '%2e%2e%2f%2e%2e', raw: true },
    { value: 'a;b=c', raw: true },
  ),
);

/** Query string values that are not what a route expects. */
export const oddQueryValue: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((value) => value.length < 20_000),
  fc.constantFrom('0', '-5', '1.5', '1e9', '99999999999999999999', 'true', '[]', '{"at":1}', 'eyJ9', 'eyJhdCI6MX0'),
);

/** Idempotency-Key headers: none, a fresh valid one, or malformed. */
export const idempotencyKey: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.uuid({ version: 7 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'not-a-uuid', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(5_000)),
  },
);
