import { createContext, useContext } from "react";

/** What parts of the shell outside the title bar need from its config (the user card's Message button). */
export interface ShellSettings {
  conversationsEnabled: boolean;
}

export const ShellContext = createContext<ShellSettings>({ conversationsEnabled: true });

export const useShellSettings = () => useContext(ShellContext);
