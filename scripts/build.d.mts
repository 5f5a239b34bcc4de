/** Builds the web client, the SSR entry and the server bundle; with ifNeeded, only when sources changed. */
export function build(options?: { ifNeeded?: boolean; quiet?: boolean }): Promise<boolean>;
