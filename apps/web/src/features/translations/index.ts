/** Content translations' surface for other features: the translate control and the reader's locale picker. */
export { TranslateCategoryButton } from "./components/TranslateCategoryButton.tsx";
export { ContentLocalePicker } from "./components/ContentLocalePicker.tsx";
