import Serializer from "fast-json-stringify";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { DateTime, Nullable } from "@parley/contracts";
import { nullableAsTypes } from "./serializer-schemas.ts";

describe("nullableAsTypes", () => {
  const User = Type.Object({ userID: Type.Integer(), name: Type.String() });
  const Item = Type.Object({
    dateUpdated: Nullable(DateTime),
    score: Nullable(Type.Integer()),
    insertUser: Type.Optional(Nullable(User)),
    tags: Nullable(Type.Array(Type.String())),
    pin: Nullable(Type.Union([Type.Literal("category"), Type.Literal("recent")])),
    title: Type.String({ description: "kept as it is" }),
  });

  it("turns a two-way union with null into a type list, and leaves every other union and the original alone", () => {
    const before = JSON.stringify(Item);
    const converted = nullableAsTypes(Item) as unknown as { properties: Record<string, Record<string, unknown>> };
    expect(JSON.stringify(Item)).toBe(before);
    expect(converted.properties["dateUpdated"]).toEqual({ type: ["string", "null"], format: "date-time" });
    expect(converted.properties["score"]).toEqual({ type: ["integer", "null"] });
    expect(converted.properties["insertUser"]!["type"]).toEqual(["object", "null"]);
    expect(converted.properties["tags"]!["type"]).toEqual(["array", "null"]);
    // A union of literals with null stays a union (its branches are not one type).
    expect(converted.properties["pin"]!["anyOf"]).toHaveLength(2);
    expect(converted.properties["title"]).toEqual({ type: "string", description: "kept as it is" });
  });

  it("serialises exactly as the union did", () => {
    const plain = Serializer(Item as never);
    const fast = Serializer(nullableAsTypes(Item) as never);
    for (const value of [
      { dateUpdated: null, score: null, tags: null, pin: null, title: "a" },
      {
        dateUpdated: "2026-01-02T03:04:05+00:00",
        score: 3,
        insertUser: { userID: 1, name: 'Dana "K"' },
        tags: ["x", "y"],
        pin: "recent",
        title: "b\n",
      },
      { dateUpdated: null, score: 0, insertUser: null, tags: [], pin: "category", title: "" },
    ])
      expect(fast(value)).toBe(plain(value));
  });
});

describe("a union told apart by a constant", () => {
  const kind = <K extends string>(name: K, props: Parameters<typeof Type.Object>[0]) =>
    Type.Object({ kind: Type.Literal(name), ...props });
  const Shape = Type.Union([
    kind("circle", { radius: Type.Number() }),
    kind("square", { side: Type.Integer(), label: Type.Optional(Type.String()) }),
    kind("group", { shapes: Type.Array(Type.Object({ kind: Type.String(), id: Type.Integer() })) }),
  ]);

  it("becomes a plain object, serialised as it is, with no Ajv on the first answer", () => {
    const converted = nullableAsTypes(Shape) as unknown as Record<string, unknown>;
    expect(converted["anyOf"]).toBeUndefined();
    expect(converted).toMatchObject({ type: "object", additionalProperties: true });
    const fast = Serializer(converted as never);
    for (const value of [
      { kind: "circle", radius: 1.5 },
      { kind: "square", side: 2 },
      { kind: "square", side: 2, label: "a\n" },
      { kind: "group", shapes: [{ kind: "x", id: 1 }] },
    ])
      expect(JSON.parse(fast(value) as string)).toEqual(value);
  });
});
