import fc from 'fast-check';
import type { z } from 'zod';

/** The parts of a zod 4 schema this walker reads (its public getters and `_zod.def`). */
interface SchemaView {
  _zod: { def: Record<string, unknown> & { type: string } };
  minLength?: number | null;
  maxLength?: number | null;
  format?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
}

const MAX_DEPTH = 4;

/** JSON values of any shape, small: what a schema that takes `unknown` is fed. */
const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

function stringFor(schema: SchemaView): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid' || schema.format === 'guid') return fc.uuid();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  // 'binary' reaches lone surrogates and control characters; 'grapheme' real-world text.
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
  );
}

function numberFor(schema: SchemaView): fc.Arbitrary<number> {
  const min = Number.isFinite(schema.minValue) ? Number(schema.minValue) : -1_000_000;
  const max = Number.isFinite(schema.maxValue) ? Number(schema.maxValue) : 1_000_000;
  if (schema.isInt) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true });
}

/**
 * Values shaped like `schema` accepts: objects with their keys, strings within
 * their lengths, numbers within their bounds, enum members. Refinements and
 * transforms are opaque, so what comes out is valid-ish: most pass, some do
 * not, which is as useful to a fuzzer. Unknown kinds fall back to any JSON.
 */
export function arbitraryFromSchema(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const view = schema as unknown as SchemaView;
  const def = view._zod.def;
  if (depth > MAX_DEPTH) return fc.constant(null);
  const inner = (key: string) => arbitraryFromSchema(def[key] as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string':
      return stringFor(view);
    case 'number':
      return numberFor(view);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'default':
    case 'catch':
    case 'readonly':
      return inner('innerType');
    case 'pipe': {
      // z.string().trim().pipe(z.email()): the output side knows the format.
      const out = def.out as unknown as SchemaView;
      return out._zod.def.type === 'string' && out.format ? stringFor(out) : inner('in');
    }
    case 'lazy':
      return arbitraryFromSchema((def.getter as () => z.ZodType)(), depth + 1);
    case 'array': {
      const maxLength = Math.min(view.maxLength ?? 5, 5);
      return fc.array(inner('element'), { maxLength });
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => arbitraryFromSchema(option, depth + 1)));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, arbitraryFromSchema(value, depth + 1)]),
      );
      // Optional fields that came out undefined are left out, as JSON would.
      return fc
        .record(fields)
        .map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
    }
    default:
      return anyJson;
  }
}
