/** Content translations' surface for other features: the translate control (the reader's locale: shell/LanguagePicker.tsx). */
export { TranslateCategoryButton } from "./components/TranslateCategoryGate.tsx";
