export { homeWidgets } from "./widgets.registry.tsx";
