import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { ZodType } from "zod";

/**
 * An answer whose JSON PostgreSQL already wrote (decision 050). The route still declares its
 * contract schema; the serializer sends the text as it is, instead of decoding rows into
 * objects, checking them and writing them out again on the server's only thread.
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  /** Only the serializer below sends one: a route without a response schema is a mistake. */
  toJSON(): never {
    throw new Error("JsonText sent by a route without a response schema");
  }
}

/** `{"success":true,"data":…}` around JSON the database wrote, then any further fields. */
export function successJson(data: string, more: Record<string, string | number> = {}): JsonText {
  let text = `{"success":true,"data":${data}`;
  for (const [key, value] of Object.entries(more)) text += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  return new JsonText(`${text}}`);
}

/**
 * fastify-type-provider-zod's serializer, which also sends JsonText. With `check` (every
 * environment but production, so the whole test suite) a JsonText must be byte for byte what
 * that serializer writes from the same value: the contract's shape, key order and number forms.
 */
export function jsonTextSerializer(check: boolean): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const serialize = serializerCompiler(route);
    return (data: unknown) => {
      if (!(data instanceof JsonText)) return serialize(data);
      if (check) {
        const expected = serialize(JSON.parse(data.text));
        if (expected !== data.text) {
          throw new Error(
            `${route.method} ${route.url}: JSON from SQL differs from the contract's\n${data.text}\n${expected}`,
          );
        }
      }
      return data.text;
    };
  };
}

/**
 * The record `alias` as compact JSON text, as JSON.stringify writes it (json_build_object and
 * json_agg put spaces and newlines between items; row_to_json does not).
 */
export const rowJson = (alias: string) => sql`row_to_json(${sql.identifier(alias)})::text`;

/** A nested JSON object (type json) of `fields`, in their order: id and name pairs and the like. */
export const jsonObject = (fields: Record<string, AnyColumn | SQL>) =>
  sql`(select row_to_json(o) from (select ${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  )}) o)`;

/** An aggregate: the JSON texts `items` as one JSON array, in `order`; '[]' without any. */
export const jsonArray = (items: SQL, order: SQL) =>
  sql`coalesce('[' || string_agg(${items}, ',' order by ${order}) || ']', '[]')`;
