import { Type } from "typebox";

export const Health = Type.Object({ status: Type.Literal("ok") });
