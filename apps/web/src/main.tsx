import { hydrate } from "@tanstack/react-query";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createApiClient, fetchTransport } from "./lib/api.ts";
import { deserializeErrors, STATE_ELEMENT_ID, type PageState } from "./lib/hydration.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { Providers } from "./Providers.tsx";
import { createRoutes } from "./router.tsx";
import "./ui/theme/theme.css";

const stateElement = document.getElementById(STATE_ELEMENT_ID);
const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as PageState) : null;

const queryClient = createQueryClient();
if (state) hydrate(queryClient, state.queries);
const api = createApiClient(fetchTransport);

const router = createBrowserRouter(createRoutes({ queryClient, api }), {
  ...(state
    ? {
        hydrationData: {
          loaderData: state.router.loaderData,
          actionData: state.router.actionData,
          errors: deserializeErrors(state.router.errors),
        },
      }
    : {}),
});

const container = document.getElementById("app");
if (!container) throw new Error("The page has no #app container.");

hydrateRoot(
  container,
  <Providers
    queryClient={queryClient}
    api={api}
    head={null}
    transientKey={state?.transientKey ?? null}
    now={state?.now ?? Date.now()}
  >
    <RouterProvider router={router} />
  </Providers>,
);
