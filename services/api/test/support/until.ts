type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/** Waits until `check` answers something truthy, and answers it (20 s at most, then fails naming `what`). */
export const until = async <T>(check: () => Promise<T>, what: string): Promise<Truthy<T>> => {
  for (let tries = 0; ; tries += 1) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (tries > 400) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
