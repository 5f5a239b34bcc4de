import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { Value } from "typebox/value";
import { HtmlWidget, Widget, widgetCatalogue, type Widget as WidgetRecord } from "@parley/contracts";
import { createContentFixture, expectSchema, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

/* `GET /widgets` and `GET /widgets/{name}` (issue 36): the layout widgets' catalogue, for site managers only. */

const cast = {
  member: { name: "Widget Member", role: "member" },
  moderator: { name: "Widget Moderator", role: "moderator" },
} as const;

describe.each(engines)("GET /widgets on %s", (engine) => {
  let f: ContentFixture<keyof typeof cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("lists every layout widget with its description and its props' JSON schema", async () => {
    const response = await f.api.get("/api/v2/widgets", { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const widgets = response.json<WidgetRecord[]>();
    expectSchema(Type.Array(Widget), widgets);
    expect(widgets.map((widget) => widget.name)).toEqual(widgetCatalogue.map((entry) => entry.name));
    expect(widgets.map((widget) => widget.name)).toContain("react.section.2-columns");
    for (const widget of widgets) {
      expect(widget.widgetID).toBe(widget.name);
      expect(widget.description.length).toBeGreaterThan(10);
      expect(widget.schema["type"]).toBe("object");
    }
  });

  it("answers one widget whose schema validates that widget's props", async () => {
    const response = await f.api.get("/api/v2/widgets/react.html", { as: f.admin });
    expect(response.statusCode, response.body).toBe(200);
    const widget = response.json<WidgetRecord>();
    expect(widget.name).toBe("react.html");
    expect(widget.schema).toEqual(JSON.parse(JSON.stringify(HtmlWidget.properties.$reactProps)));
    // The answered schema is a usable JSON schema: props that fit pass, others fail.
    const schema = widget.schema as unknown as Parameters<typeof Value.Check>[0];
    expect(Value.Check(schema, { title: "Hello", translate: true })).toBe(true);
    expect(Value.Check(schema, { title: 5 })).toBe(false);
    expect(Value.Check(schema, { unknownProp: "x" })).toBe(false);
  });

  it("answers 404 for a name no widget has", async () => {
    const response = await f.api.get("/api/v2/widgets/react.nothing", { as: f.admin });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json<{ message: string }>().message).toMatch(/widget/i);
  });

  it("is for site managers: guests 403, members and moderators 403", async () => {
    for (const url of ["/api/v2/widgets", "/api/v2/widgets/react.html", "/api/v2/widgets/react.nothing"]) {
      expect((await f.api.get(url)).statusCode, url).toBe(403);
      for (const as of [f.as.member, f.as.moderator]) {
        const response = await f.api.get(url, { as });
        expect(response.statusCode, url).toBe(403);
        expect(response.json<{ description: string }>().description).toContain("site.manage");
      }
    }
  });
});
