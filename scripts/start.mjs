#!/usr/bin/env node
// `npm start`: builds on the first start (or after the sources changed), then runs the server.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "./build.mjs";
import { root } from "./build-lib.mjs";

await build({ ifNeeded: true });
// The server runs React and React Router in their production builds unless told otherwise.
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(path.join(root, "apps/server/dist/main.js")).href);
