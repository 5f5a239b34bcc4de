import { Buffer } from "node:buffer";

/*
 * Requests for the API fuzz suite, generated from the app's own OpenAPI document: for each operation,
 * its path, query and body filled from its schemas, then broken in the ways a careless or hostile client
 * breaks them (wrong types, missing fields, boundary numbers, huge and deep values, bad encodings, bad
 * multipart). Everything comes from one seeded generator, so a seed and a request number reproduce a
 * failure.
 */

/** A deterministic generator (mulberry32): the same seed gives the same requests. */
export interface Rng {
  /** In [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p };
}

/** The parts of an OpenAPI 3.0 schema the generator reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One operation of the document, ready to fill. */
export interface FuzzOperation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** `/api/v2/discussions/{id}` */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | null;
  multipart: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the request tries (for the report). */
  kind: string;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase() as FuzzOperation["method"],
        path,
        pathParams: parameters.filter((parameter) => parameter.in === "path"),
        queryParams: parameters.filter((parameter) => parameter.in === "query"),
        body: content["application/json"]?.schema ?? null,
        multipart: "multipart/form-data" in content,
      });
    }
  }
  return operations;
}

/** Values no schema expects: the wrong types, boundary numbers, and strings that break naive code. */
const hostileValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
  "",
  " ",
  "abc",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "99999999999999999999",
  "0x10",
  "2026-13-45T99:99:99Z",
  "\u0000",
  "\ud800",
  "💩",
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  "%s%s%n",
  "../../etc/passwd",
  "$me",
  [],
  [null],
  [1, "a", {}],
  {},
  { a: 1 },
  { $ref: "#/x" },
];

/** Fields a client must never be able to write (mass assignment), with values no column holds. */
export const MASS_ASSIGNMENT_SENTINEL = 987_654_321;
export const massAssignmentFields: Record<string, unknown> = {
  insertUserID: MASS_ASSIGNMENT_SENTINEL,
  updateUserID: MASS_ASSIGNMENT_SENTINEL,
  rootCategoryID: MASS_ASSIGNMENT_SENTINEL,
  userID: MASS_ASSIGNMENT_SENTINEL,
  countComments: MASS_ASSIGNMENT_SENTINEL,
  isAdmin: 1,
  passwordHash: "fuzz-sentinel",
  dateInserted: "1999-09-09T09:09:09+00:00",
  fuzzUnknownField: "fuzz-sentinel",
};

/** A raw JSON text nested `depth` levels deep (built as text: JSON.stringify would overflow the stack). */
const deepJson = (depth: number, open = '{"a":', close = "}") => `${open.repeat(depth)}1${close.repeat(depth)}`;

const hugeString = (rng: Rng) =>
  rng.pick(["x".repeat(100_000), "é".repeat(40_000), "💩".repeat(20_000), "a ".repeat(60_000)]);

export class SchemaFiller {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly rng: Rng,
    /** Ids that exist in the seeded database, for id-like integers. */
    private readonly ids: readonly number[],
  ) {}

  resolve(schema: JsonSchema | undefined): JsonSchema {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 20; hops++) {
      const name = current.$ref.split("/").at(-1)!;
      current = this.document.components?.schemas?.[name] ?? {};
    }
    return current;
  }

  /** A value the schema accepts, as far as a generator can tell. */
  valid(input: JsonSchema | undefined, depth = 0): unknown {
    const { rng } = this;
    const schema = this.resolve(input);
    if (schema.nullable && rng.chance(0.1)) return null;
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return rng.pick(schema.enum);
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches?.length) return this.valid(rng.pick(branches), depth);
    if (schema.allOf?.length) {
      const parts = schema.allOf.map((part) => this.valid(part, depth));
      return parts.every((part) => part && typeof part === "object" && !Array.isArray(part))
        ? Object.assign({}, ...parts)
        : parts[0];
    }
    const type = schema.type ?? (schema.properties ? "object" : schema.items ? "array" : undefined);
    switch (type) {
      case "object": {
        const value: Record<string, unknown> = {};
        const required = new Set(schema.required ?? []);
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          if (required.has(key) || (depth < 4 && rng.chance(0.5))) value[key] = this.valid(property, depth + 1);
        }
        return value;
      }
      case "array": {
        if (depth > 4) return [];
        const count = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, rng.int(3)));
        return Array.from({ length: count }, () => this.valid(schema.items, depth + 1));
      }
      case "integer":
      case "number": {
        const low = schema.minimum ?? (rng.chance(0.8) ? 1 : -5);
        const high = schema.maximum ?? low + 10;
        const candidate = rng.chance(0.6)
          ? rng.pick(this.ids)
          : low + rng.int(Math.max(1, Math.min(high - low + 1, 50)));
        return Math.min(high, Math.max(low, candidate));
      }
      case "boolean":
        return rng.chance(0.5);
      case "string":
        return this.validString(schema);
      default:
        return rng.pick(["fuzz", 1, true, null]);
    }
  }

  private validString(schema: JsonSchema): string {
    const { rng } = this;
    if (schema.format === "date-time") return new Date(Date.UTC(2026, rng.int(12), 1 + rng.int(28))).toISOString();
    if (schema.format === "date") return `2026-0${1 + rng.int(9)}-1${rng.int(9)}`;
    if (schema.format === "email") return `fuzz${rng.int(1e6)}@example.test`;
    if (schema.format === "uri" || schema.format === "url") return `https://example.test/${rng.int(1e6)}`;
    const min = schema.minLength ?? 0;
    const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
    const length = min + rng.int(Math.max(1, max - min + 1));
    const alphabet = schema.pattern
      ? "abcdefghijklmnopqrstuvwxyz0123456789"
      : "abcdefghij klmnopqrstuvwxyzÉé💬0123456789";
    const characters = Array.from(alphabet);
    let text = "";
    for (let index = 0; index < length; index++) text += rng.pick(characters);
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(text)) {
      const fallback = rng.pick(["1", "2", "fuzz", "en", "a1"]);
      return new RegExp(schema.pattern, "u").test(fallback) ? fallback : text;
    }
    return text;
  }

  /** A value the schema does not expect. */
  hostile(): unknown {
    const { rng } = this;
    const roll = rng.int(20);
    if (roll === 0) return hugeString(rng);
    if (roll === 1) return Array.from({ length: 1000 + rng.int(9000) }, (_, index) => index);
    return rng.pick(hostileValues);
  }
}

/** A path or query value that is not what the parameter wants. */
const hostilePathValues = [
  "abc",
  "0",
  "-1",
  "1.5",
  "1e3",
  "2147483648",
  "9223372036854775808",
  "99999999999999999999",
  "NaN",
  "%00",
  "%ff",
  "%",
  "..%2F..%2Fetc%2Fpasswd",
  "%F0%9F%92%A9",
  "$me",
  "$name:",
  "$urlcode:%00",
  "%20",
  "x".repeat(5000),
  "1;DROP%20TABLE%20users",
] as const;

const hostileQueryValues = [
  "",
  "-1",
  "0",
  "abc",
  "99999999999999999999",
  "1e308",
  "NaN",
  "2147483648",
  "%",
  "%E0%A4%A",
  "%00",
  "true",
  "x".repeat(20_000),
  "1,2,3,abc",
] as const;

const encode = (value: unknown) =>
  encodeURIComponent(typeof value === "string" ? value : (JSON.stringify(value) ?? "")).replace(/%24/g, "$");

export interface FuzzContext {
  rng: Rng;
  filler: SchemaFiller;
  /** Path values that name existing records, by parameter name (`userID`, `themeKey` …). */
  pathValues: (name: string, schema: JsonSchema) => string;
}

function fillPath(operation: FuzzOperation, context: FuzzContext, hostile: boolean): string {
  const broken = hostile ? context.rng.pick(operation.pathParams) : null;
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = operation.pathParams.find((candidate) => candidate.name === name);
    if (parameter && parameter === broken) return context.rng.pick(hostilePathValues);
    return encodeURIComponent(context.pathValues(name, context.filler.resolve(parameter?.schema))).replace(/%24/g, "$");
  });
}

function fillQuery(operation: FuzzOperation, context: FuzzContext, hostile: boolean): string {
  const { rng, filler } = context;
  const pairs: string[] = [];
  for (const parameter of operation.queryParams) {
    if (!parameter.required && !rng.chance(0.35)) continue;
    const value = filler.valid(parameter.schema);
    if (Array.isArray(value)) value.forEach((item, index) => pairs.push(`${parameter.name}[${index}]=${encode(item)}`));
    else if (value !== null) pairs.push(`${parameter.name}=${encode(value)}`);
  }
  if (hostile) {
    const name = operation.queryParams.length ? rng.pick(operation.queryParams).name : rng.pick(["page", "limit", "x"]);
    const raw = rng.pick(hostileQueryValues);
    const form = rng.int(6);
    // Raw text on purpose: bad percent-encodings must reach the server as they are.
    if (form === 0) pairs.push(`${name}[0]=${raw}&${name}[1]=${raw}`);
    else if (form === 1) pairs.push(`${name}[a][b]=${raw}`);
    else if (form === 2) pairs.push(`${name}=${raw}&${name}=${raw}`);
    else if (form === 3) pairs.push(`${name}[]=${raw}`);
    else pairs.push(`${name}=${raw}`);
  }
  return pairs.length ? `?${pairs.join("&")}` : "";
}

/** The body of a JSON operation: valid, or broken in one of many ways. Returns the payload and its content type. */
function fillBody(
  schema: JsonSchema,
  context: FuzzContext,
  kind: string,
): { payload: string | Buffer; contentType: string | null } {
  const { rng, filler } = context;
  const json = "application/json";
  const valid = () => {
    const value = filler.valid(schema);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  };
  switch (kind) {
    case "valid":
      return { payload: JSON.stringify(filler.valid(schema)), contentType: json };
    case "wrong-field": {
      const body = valid();
      const properties = Object.keys(filler.resolve(schema).properties ?? {});
      const key = properties.length ? rng.pick(properties) : "x";
      body[key] = filler.hostile();
      return { payload: JSON.stringify(body), contentType: json };
    }
    case "missing-required": {
      const body = valid();
      const required = filler.resolve(schema).required ?? [];
      if (required.length) delete body[rng.pick(required)];
      else for (const key of Object.keys(body)) if (rng.chance(0.5)) delete body[key];
      return { payload: JSON.stringify(body), contentType: json };
    }
    case "unknown-fields":
      return { payload: JSON.stringify({ ...valid(), ...massAssignmentFields }), contentType: json };
    case "not-an-object":
      return { payload: rng.pick(["{}", "[]", '"text"', "0", "null", "true", "[{}]", '{"":null}']), contentType: json };
    case "deep": {
      const depth = rng.pick([100, 1000, 5000]);
      const body = JSON.stringify(valid());
      const nested = rng.chance(0.5) ? deepJson(depth) : deepJson(depth, "[", "]");
      return {
        payload: rng.chance(0.5) ? nested : `${body.slice(0, -1)}${body.length > 2 ? "," : ""}"fuzzDeep":${nested}}`,
        contentType: json,
      };
    }
    case "huge": {
      const roll = rng.int(4);
      if (roll === 0) return { payload: JSON.stringify({ ...valid(), pad: "x".repeat(1_100_000) }), contentType: json };
      if (roll === 1) {
        const wide: Record<string, number> = valid() as Record<string, number>;
        for (let index = 0; index < 20_000; index++) wide[`k${index}`] = index;
        return { payload: JSON.stringify(wide), contentType: json };
      }
      const body = valid();
      const properties = Object.keys(filler.resolve(schema).properties ?? {});
      body[properties.length ? rng.pick(properties) : "x"] =
        roll === 2 ? hugeString(rng) : Array.from({ length: 50_000 }, (_, index) => index);
      return { payload: JSON.stringify(body), contentType: json };
    }
    case "malformed": {
      const text = JSON.stringify(valid());
      return {
        payload: rng.pick([
          text.slice(0, Math.max(1, text.length - 1 - rng.int(text.length))),
          `${text}}`,
          `{"a":1,}`,
          `{'a':1}`,
          `{"a":NaN}`,
          `{"a":1e99999}`,
          `{"a":"\\ud800"}`,
          `{"a":"\\u00"}`,
          "\uFEFF" + text,
          "",
          " ",
          '{"__proto__":{"isAdmin":true}}',
          '{"constructor":{"prototype":{"isAdmin":true}}}',
        ]),
        contentType: json,
      };
    }
    case "bad-encoding": {
      const text = JSON.stringify(valid());
      const roll = rng.int(3);
      if (roll === 0)
        return {
          payload: Buffer.concat([
            Buffer.from(text.slice(0, -1)),
            Buffer.from(',"x":"'),
            Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
            Buffer.from('"}'),
          ]),
          contentType: json,
        };
      if (roll === 1) return { payload: Buffer.from(text, "utf16le"), contentType: "application/json; charset=utf-16" };
      return { payload: Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x80]), contentType: json };
    }
    case "wrong-content-type":
      return {
        payload: rng.chance(0.5) ? JSON.stringify(valid()) : "a=1&b[c]=2&b[c][d]=3&__proto__[x]=1",
        contentType: rng.pick([
          "text/plain",
          "application/xml",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/form-data; boundary=x",
          "application/json; charset=latin1",
          "application/vnd.api+json",
          "",
          "*/*",
          null,
        ]),
      };
    default:
      throw new Error(`Unknown body case ${kind}`);
  }
}

const BODY_CASES = [
  "valid",
  "valid",
  "valid",
  "wrong-field",
  "wrong-field",
  "wrong-field",
  "missing-required",
  "missing-required",
  "unknown-fields",
  "not-an-object",
  "deep",
  "huge",
  "malformed",
  "bad-encoding",
  "wrong-content-type",
] as const;

/** A multipart upload for `POST /media`: whole, or truncated, mislabelled or malformed. */
function multipartBody(rng: Rng): { payload: Buffer; contentType: string; kind: string } {
  const boundary = `----fuzz${rng.int(1e9)}`;
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a3e5f0a40000000049454e44ae426082",
    "hex",
  );
  const file = rng.pick([png, Buffer.from("not an image"), Buffer.alloc(0), Buffer.from([0xff, 0xd8, 0xff])]);
  const filename = rng.pick([
    "a.png",
    "../../a.png",
    "a.php",
    "a.png\u0000.txt",
    "x".repeat(2000) + ".png",
    "",
    "é.png",
  ]);
  const part = (headers: string, content: Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), content, Buffer.from("\r\n")]);
  const filePart = part(
    `Content-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png`,
    file,
  );
  const typePart = part(
    'Content-Disposition: form-data; name="foreignType"',
    Buffer.from(rng.pick(["embed", "discussion", "zzz", ""])),
  );
  const idPart = part(
    'Content-Disposition: form-data; name="foreignID"',
    Buffer.from(rng.pick(["1", "abc", "-1", "99999999999999999999"])),
  );
  const end = Buffer.from(`--${boundary}--\r\n`);
  const whole = Buffer.concat([typePart, idPart, filePart, end]);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const kind = rng.pick([
    "whole",
    "truncated",
    "no-end",
    "wrong-boundary",
    "no-boundary",
    "no-file",
    "two-files",
    "garbage",
    "bad-headers",
  ]);
  switch (kind) {
    case "truncated":
      return { payload: whole.subarray(0, rng.int(whole.length)), contentType, kind };
    case "no-end":
      return { payload: Buffer.concat([typePart, filePart]), contentType, kind };
    case "wrong-boundary":
      return { payload: whole, contentType: "multipart/form-data; boundary=other", kind };
    case "no-boundary":
      return { payload: whole, contentType: "multipart/form-data", kind };
    case "no-file":
      return { payload: Buffer.concat([typePart, end]), contentType, kind };
    case "two-files":
      return { payload: Buffer.concat([filePart, filePart, end]), contentType, kind };
    case "garbage":
      return { payload: Buffer.from([0xff, 0x00, 0x2d, 0x2d, 0x0d, 0x0a]), contentType, kind };
    case "bad-headers":
      return {
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\nX: ${"y".repeat(100_000)}\r\n\r\nz\r\n`),
          end,
        ]),
        contentType,
        kind,
      };
    default:
      return { payload: whole, contentType, kind };
  }
}

/** One request for an operation: path, query and body each valid or broken, chosen by the generator. */
export function generateRequest(operation: FuzzOperation, context: FuzzContext): FuzzRequest {
  const { rng } = context;
  const hostilePath = operation.pathParams.length > 0 && rng.chance(0.2);
  const hostileQuery = rng.chance(operation.queryParams.length ? 0.3 : 0.05);
  const url = fillPath(operation, context, hostilePath) + fillQuery(operation, context, hostileQuery);
  const headers: Record<string, string> = {};
  const kinds: string[] = [];
  if (hostilePath) kinds.push("path");
  if (hostileQuery) kinds.push("query");
  let payload: string | Buffer | undefined;
  if (operation.multipart) {
    const body = multipartBody(rng);
    payload = body.payload;
    headers["content-type"] = body.contentType;
    kinds.push(`multipart:${body.kind}`);
  } else if (operation.body) {
    const kind = rng.pick(BODY_CASES);
    const body = fillBody(operation.body, context, kind);
    payload = body.payload;
    if (body.contentType !== null) headers["content-type"] = body.contentType;
    kinds.push(`body:${kind}`);
  } else if (operation.method !== "GET" && rng.chance(0.2)) {
    payload = rng.pick(["{}", "[]", deepJson(3000), "garbage"]);
    headers["content-type"] = "application/json";
    kinds.push("unexpected-body");
  }
  if (rng.chance(0.05)) {
    Object.assign(
      headers,
      rng.pick([
        { accept: "text/html" },
        { "accept-language": "zz-ZZ,".repeat(500) },
        { "if-none-match": "*" },
        { "accept-encoding": "gzip, br" },
        { "x-transient-key": "wrong" },
        { cookie: "parley_session=forged; parley_theme_preview=%00" },
      ]),
    );
    kinds.push("headers");
  }
  return { method: operation.method, url, headers, payload, kind: kinds.join(" ") || "valid" };
}
