/** The custom pages' and fragments' widgets (issue 38), one chunk the server renders them from. */
export { CustomPageHead } from "./CustomPageHead.tsx";
export { CustomFragment } from "./CustomFragment.tsx";
