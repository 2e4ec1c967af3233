/** One environment variable the server reads, as the README's configuration table shows it. */
export type ConfigDoc = { readonly name: string; readonly default: string; readonly description: string };
