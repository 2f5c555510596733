import fc from 'fast-check';
import {
  badJsonText,
  hostileValue,
  idempotencyKey,
  mutatedBody,
  oddContentType,
  oddPathValue,
  oddQueryValue,
  toJsonText,
} from './fuzz-inputs.ts';
import type { FuzzWorld, ParamKind } from './fuzz-world.ts';
import type { RouteFuzzEntry } from './route-catalogue.ts';
import { arbitraryFromSchema } from './zod-arbitrary.ts';

type ParamChoice = { real: number } | { value: string; raw?: boolean };

type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; contentType: string | undefined }
  /** JSON over the body limit (MAX_JSON_BYTES, 1 MiB by default); built when sent, to keep reports short. */
  | { kind: 'oversize' };

/** One generated request for a catalogue route; printed as the counterexample when a property fails. */
export interface RequestCase {
  params: Record<string, ParamChoice>;
  query: [string, string][];
  body: BodyCase;
  idempotencyKey: string | undefined;
  /** Sent twice at once under its Idempotency-Key (only with a key). */
  duplicateAtOnce: boolean;
}

function bodyCases(entry: RouteFuzzEntry, world: FuzzWorld, method: string): fc.Arbitrary<BodyCase> {
  if (method === 'GET') return fc.constant({ kind: 'none' });
  const json = (value: fc.Arbitrary<unknown>) => value.map((item): BodyCase => ({ kind: 'json', value: item }));
  const text: fc.Arbitrary<BodyCase> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        text: badJsonText,
        contentType: fc.oneof(fc.constant('application/json'), oddContentType),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'oversize' } as const) },
  );
  if (!entry.body) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant({ kind: 'none' } as const) },
      { weight: 1, arbitrary: json(hostileValue) },
      { weight: 1, arbitrary: text },
    );
  }
  const examples = entry.valid?.(world) ?? [];
  const fromSchema = arbitraryFromSchema(entry.body);
  const valid = examples.length > 0 ? fc.oneof(fc.constantFrom(...examples), fromSchema) : fromSchema;
  // A valid JSON text sent under a content type that is not JSON.
  const mislabelled = fc
    .tuple(valid, oddContentType)
    .map(([value, contentType]): BodyCase => ({ kind: 'text', text: toJsonText(value), contentType }));
  return fc.oneof(
    { weight: 3, arbitrary: json(valid) },
    { weight: 4, arbitrary: json(mutatedBody(valid)) },
    { weight: 1, arbitrary: text },
    { weight: 1, arbitrary: mislabelled },
  );
}

/** The arbitrary of requests for one catalogue route in `world`. */
export function requestCases(method: string, entry: RouteFuzzEntry, world: FuzzWorld) {
  const params: Record<string, fc.Arbitrary<ParamChoice>> = {};
  for (const name of Object.keys(entry.params ?? {})) {
    params[name] = fc.oneof(
      { weight: 3, arbitrary: fc.nat({ max: 5 }).map((real) => ({ real })) },
      { weight: 2, arbitrary: oddPathValue },
    );
  }
  const names = entry.query ?? [];
  const queryPair = fc.tuple(names.length > 0 ? fc.constantFrom(...names) : fc.constant('x'), oddQueryValue);
  const cases: fc.Arbitrary<RequestCase> = fc.record({
    params: fc.record(params),
    query: fc.array(queryPair, { maxLength: 3 }),
    body: bodyCases(entry, world, method),
    idempotencyKey: method === 'GET' ? fc.constant(undefined) : idempotencyKey,
    duplicateAtOnce: fc.boolean(),
  });
  return cases;
}

/** Percent-encodes a segment; a lone surrogate goes out as its (invalid) UTF-8 bytes ED A0 80. */
function encodeSegment(value: string): string {
  // '.' and '..' are dot segments: the URL parser resolves them, and the request leaves the route.
  if (value === '.' || value === '..') return `${value}.`;
  // Array.from walks code points: a pair stays whole, a lone surrogate comes alone (and cannot be encoded).
  return Array.from(value, (point) => {
    try {
      return encodeURIComponent(point);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

/** The URL a case asks for: `:name` and `:name{pattern}` filled with real ids or odd values. */
export async function urlOf(path: string, entry: RouteFuzzEntry, world: FuzzWorld, testCase: RequestCase) {
  let url = path;
  for (const [name, kind] of Object.entries(entry.params ?? {}) as [string, ParamKind][]) {
    const choice = testCase.params[name];
    let segment: string;
    if (!choice || 'real' in choice) {
      const ids = await world.ids(kind);
      segment = encodeSegment(ids[(choice?.real ?? 0) % ids.length] ?? '');
    } else {
      segment = choice.raw ? choice.value : encodeSegment(choice.value);
    }
    url = url.replace(new RegExp(`:${name}(\\{[^}]*\\})?`), segment);
  }
  if (testCase.query.length === 0) return url;
  return `${url}?${new URLSearchParams(testCase.query).toString()}`;
}

/** The body and headers of a case's request. */
export function bodyOf(testCase: RequestCase): { body?: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (testCase.idempotencyKey !== undefined) headers['Idempotency-Key'] = testCase.idempotencyKey;
  const { body } = testCase;
  if (body.kind === 'none') return { headers };
  if (body.kind === 'oversize') {
    headers['content-type'] = 'application/json';
    return { body: `{"a":"${'x'.repeat(1_100_000)}"}`, headers };
  }
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    return { body: toJsonText(body.value), headers };
  }
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  return { body: body.text, headers };
}

/**
 * The route's accepted bodies as whole cases, run before the generated ones:
 * the happy path and its Idempotency-Key replay are covered on every run.
 */
export function happyCases(method: string, entry: RouteFuzzEntry, world: FuzzWorld): [RequestCase][] {
  const params = Object.fromEntries(Object.keys(entry.params ?? {}).map((name) => [name, { real: 0 }]));
  const bodies: BodyCase[] =
    method === 'GET'
      ? [{ kind: 'none' }]
      : (entry.valid?.(world) ?? [undefined]).map((value) =>
          value === undefined ? { kind: 'none' } : { kind: 'json', value },
        );
  return bodies.map((body) => [
    {
      params,
      query: [],
      body,
      idempotencyKey: method === 'GET' ? undefined : crypto.randomUUID(),
      duplicateAtOnce: false,
    },
  ]);
}
