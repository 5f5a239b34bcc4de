import { Type, type Static } from "typebox";

/*
 * `GET /widgets` and `GET /widgets/{name}` (Vanilla's vanilla-widgets.yml): the layout widgets Parley renders,
 * by the name layouts give them (`$reactComponent`), with the JSON schema of their props.
 */

export const Widget = Type.Object({
  widgetID: Type.String({ description: "The widget's id: its name." }),
  name: Type.String({ description: "The name layouts give the widget (`$reactComponent`)." }),
  description: Type.String(),
  schema: Type.Record(Type.String(), Type.Unknown(), {
    description: "The JSON schema of the widget's props (`$reactProps`).",
  }),
});
export type Widget = Static<typeof Widget>;

export const WidgetNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
