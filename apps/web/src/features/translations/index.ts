/** Content translations' surface for other features: the translate control and the reader's locale picker. */
export { TranslateCategoryButton } from "./components/TranslateCategoryGate.tsx";
export { ContentLocalePicker } from "./components/ContentLocaleGate.tsx";
